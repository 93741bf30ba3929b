'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import {
  bankCalls,
  STATEMENT_ACCOUNT_FIELD,
  STATEMENT_FILE_FIELD,
  STATEMENT_MAPPING_FIELD,
  type TStatementOutcome,
} from '@/lib/contract/bank';
import type { StatementField } from '@/lib/domain/bank-statement-columns';
import { BusyText } from '@/components/feedback/busy-text';
import { inputClass, primaryButton } from '@/components/dunning/styles';
import { ColumnMappingFields, mappingText } from './column-mapping-fields';

/** Choose a bank statement (CSV or XLSX as the bank exports it) and the account it is of; read the outcome here. */
export function StatementUpload() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<TStatementOutcome | null>(null);
  const [mapping, setMapping] = useState(false);
  const [columns, setColumns] = useState<Partial<Record<StatementField, string>>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get(STATEMENT_FILE_FIELD);
    if (!(file instanceof File) || file.size === 0) return setError('Choose the statement file.');
    if (!String(form.get(STATEMENT_ACCOUNT_FIELD) ?? '').trim()) form.delete(STATEMENT_ACCOUNT_FIELD);
    const names = mapping ? mappingText(columns) : '';
    if (names) {
      if (!form.get(STATEMENT_ACCOUNT_FIELD))
        return setError('Name the bank account: its column names are saved on it for its next statements.');
      form.set(STATEMENT_MAPPING_FIELD, names);
    }
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      setOutcome(await callApi(bankCalls.uploadStatement, { body: form }));
      router.refresh();
    } catch (e) {
      setError((await apiErrorMessage(e)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} className="space-y-3">
        <div className="flex flex-wrap items-end gap-4">
          <label className="block text-sm font-medium text-slate-700">
            Statement (HDFC, ICICI, SBI, Axis, Kotak: .csv or .xlsx)
            <input
              type="file"
              name={STATEMENT_FILE_FIELD}
              accept=".csv,.xlsx"
              disabled={busy}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200"
            />
          </label>
          <label className="block w-56 text-sm font-medium text-slate-700">
            Bank account (optional)
            <input name={STATEMENT_ACCOUNT_FIELD} placeholder="HDFC current" disabled={busy} className={inputClass} />
          </label>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? <BusyText>Reading and matching…</BusyText> : 'Upload'}
          </button>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="rounded border-slate-300"
            checked={mapping}
            disabled={busy}
            onChange={(e) => setMapping(e.target.checked)}
          />
          Another bank: name the file&apos;s columns
        </label>
        {mapping && <ColumnMappingFields columns={columns} onChange={setColumns} disabled={busy} />}
      </form>
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      {outcome && (
        <p
          role="status"
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          data-testid="upload-outcome"
        >
          {outcome.lines} lines read: {outcome.matched} applied, {outcome.suggested} suggested, {outcome.unmatched}{' '}
          unmatched, {outcome.ignored} no customer receipt
          {outcome.duplicates > 0 && `, ${outcome.duplicates} imported before and not stored again`}.
        </p>
      )}
    </div>
  );
}

'use client';

import { STATEMENT_FIELDS, type StatementField } from '@/lib/domain/bank-statement-columns';
import { inputClass } from '@/components/dunning/styles';

/** What each of our fields is, as an accountant reads the bank's file. */
const LABEL: Record<StatementField, string> = {
  date: 'Date (transaction)',
  valueDate: 'Value date',
  narration: 'Narration / description',
  reference: 'Cheque or reference no.',
  withdrawal: 'Withdrawal (debit)',
  deposit: 'Deposit (credit)',
  amount: 'Amount (one column)',
  drCr: 'Dr / Cr column',
  balance: 'Balance',
};

/** The mapping as the upload call reads it: `date=Posted, narration=Details, …` (fields left empty are left out). */
export function mappingText(columns: Partial<Record<StatementField, string>>): string {
  return STATEMENT_FIELDS.flatMap((f) => (columns[f]?.trim() ? [`${f}=${columns[f]!.trim()}`] : [])).join(', ');
}

/**
 * A statement of a bank we do not read by itself: the file's own header names for our fields. The
 * date, the narration, and either withdrawal and deposit or one amount (with its Dr / Cr column when
 * the sign is apart) are needed; the mapping is saved on the bank account the upload names, so its
 * next files need none.
 */
export function ColumnMappingFields({
  columns,
  onChange,
  disabled,
}: {
  columns: Partial<Record<StatementField, string>>;
  onChange: (columns: Partial<Record<StatementField, string>>) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">The file&apos;s column names</legend>
      <p className="mb-3 text-xs text-slate-500">
        Type each column&apos;s heading as the file writes it. Needed: the date, the narration, and the withdrawal and
        deposit columns or one amount column. Saved on the bank account named above for its next statements.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {STATEMENT_FIELDS.map((field) => (
          <label key={field} className="block text-sm text-slate-700">
            {LABEL[field]}
            <input
              className={inputClass}
              disabled={disabled}
              value={columns[field] ?? ''}
              onChange={(e) => onChange({ ...columns, [field]: e.target.value })}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

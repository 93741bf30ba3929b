'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { bankCalls, type TApplyBody, type TBankLine } from '@/lib/contract/bank';
import { BusyText } from '@/components/feedback/busy-text';
import { primaryButton } from '@/components/dunning/styles';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { formatDay } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { SplitDialog } from './split-dialog';

const STATUS_LABEL: Record<TBankLine['status'], string> = {
  MATCHED: 'Applied',
  SUGGESTED: 'Suggested',
  UNMATCHED: 'Unmatched',
  IGNORED: 'Ignored',
  RETURNED: 'Returned',
};
const STATUS_STYLE: Record<TBankLine['status'], string> = {
  MATCHED: 'bg-emerald-50 text-emerald-800',
  SUGGESTED: 'bg-sky-50 text-sky-800',
  UNMATCHED: 'bg-amber-50 text-amber-800',
  IGNORED: 'bg-slate-100 text-slate-600',
  RETURNED: 'bg-rose-100 text-rose-800',
};

/** The line's suggestion as a confirmation: exactly what the matcher proposed. */
function suggestionBody(line: TBankLine): TApplyBody {
  return {
    sysObligorCode: line.sysObligorCode!,
    allocations: line.allocations,
    tds: line.tds ? { section: line.tds.section as '194Q' | '194C' | '194J', amount: line.tds.amount } : null,
    writeOff: line.writeOff,
    onAccount: line.onAccount,
  };
}

/** The invoices of a line by the account each is of, in the order of the split (a family's line pays several). */
function byAccount(line: TBankLine) {
  const groups: { sysObligorCode: string | null; name: string | null; allocations: TBankLine['allocations'] }[] = [];
  for (const a of line.allocations) {
    const account = line.invoiceAccounts[a.sysInvoiceNum] ?? null;
    const code = account?.sysObligorCode ?? null;
    const group = groups.find((g) => g.sysObligorCode === code);
    if (group) group.allocations.push(a);
    else groups.push({ sysObligorCode: code, name: account?.name ?? null, allocations: [a] });
  }
  return groups;
}

/**
 * What the line was split into (or is suggested to be): invoices, then TDS, write-off and on
 * account. Bills of several accounts of a family are shown under each account's name: each is
 * one receipt of its own when applied.
 */
function Split({ line, money }: { line: TBankLine; money: MoneyFormat }) {
  if (!line.sysObligorCode) return <span className="text-slate-400">none</span>;
  const groups = byAccount(line);
  const family = groups.some((g) => g.sysObligorCode !== null && g.sysObligorCode !== line.sysObligorCode);
  return (
    <div className="space-y-0.5 text-xs">
      <p className="text-sm font-medium text-slate-900">{line.obligorName ?? line.sysObligorCode}</p>
      {line.obligorName && <p className="text-slate-400">{line.sysObligorCode}</p>}
      {family && (
        <p className="text-slate-500" data-testid="family-note">
          Bills of {groups.length} accounts of the group: one receipt each
        </p>
      )}
      {groups.map((g) => (
        <div key={g.sysObligorCode ?? ''} data-testid={family ? 'split-account' : undefined}>
          {family && (
            <p className="mt-1 font-medium text-slate-700">
              {g.name ?? g.sysObligorCode}
              <span className="ml-1 font-normal text-slate-400">{g.sysObligorCode}</span>
            </p>
          )}
          {g.allocations.map((a) => {
            const printed = line.invoiceNums[a.sysInvoiceNum] ?? a.sysInvoiceNum;
            return (
              <p key={a.sysInvoiceNum} className={`flex justify-between gap-3 ${family ? 'pl-2' : ''}`}>
                <span>
                  {printed}
                  {printed !== a.sysInvoiceNum && <span className="ml-1 text-slate-400">{a.sysInvoiceNum}</span>}
                </span>
                <Money value={a.amount} format={money} bare />
              </p>
            );
          })}
        </div>
      ))}
      {line.tds && (
        <p className="flex justify-between gap-3 text-violet-800">
          <span>TDS {line.tds.section}</span>
          <Money value={line.tds.amount} format={money} bare />
        </p>
      )}
      {line.writeOff > 0 && (
        <p className="flex justify-between gap-3 text-amber-800">
          <span>Written off</span>
          <Money value={line.writeOff} format={money} bare />
        </p>
      )}
      {line.onAccount > 0 && (
        <p className="flex justify-between gap-3 text-slate-600">
          <span>On account</span>
          <Money value={line.onAccount} format={money} bare />
        </p>
      )}
    </div>
  );
}

/** The lines of the queue with their suggestion and its evidence: confirm, split, ignore, undo; bulk confirm. */
export function CashLines({ lines, money }: { lines: TBankLine[]; money: MoneyFormat }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | 'bulk' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [splitting, setSplitting] = useState<TBankLine | null>(null);
  const confirmable = lines.filter((l) => l.status === 'SUGGESTED' && l.sysObligorCode);

  async function run(which: number | 'bulk', action: () => Promise<unknown>) {
    setBusy(which);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError((await apiErrorMessage(e)).message);
    } finally {
      setBusy(null);
      router.refresh();
    }
  }

  const confirm = (line: TBankLine) =>
    run(line.id, () => callApi(bankCalls.apply, { params: { id: line.id }, body: suggestionBody(line) }));
  const ignore = (line: TBankLine) => run(line.id, () => callApi(bankCalls.ignore, { params: { id: line.id } }));
  const undo = (line: TBankLine) => run(line.id, () => callApi(bankCalls.undo, { params: { id: line.id } }));
  const confirmSelected = () =>
    run('bulk', async () => {
      const failed: string[] = [];
      for (const line of confirmable.filter((l) => selected.has(l.id))) {
        try {
          await callApi(bankCalls.apply, { params: { id: line.id }, body: suggestionBody(line) });
        } catch (e) {
          failed.push(
            `${formatDay(line.valueDate)} ${line.obligorName ?? line.sysObligorCode}: ${(await apiErrorMessage(e)).message}`,
          );
        }
      }
      setSelected(new Set());
      if (failed.length) throw new Error(`Not applied: ${failed.join('; ')}`);
    });

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-3">
      {confirmable.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 px-5">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="rounded border-slate-300"
              checked={confirmable.every((l) => selected.has(l.id))}
              onChange={(e) => setSelected(new Set(e.target.checked ? confirmable.map((l) => l.id) : []))}
            />
            Select every suggestion on the page
          </label>
          <button
            type="button"
            className={primaryButton}
            disabled={selected.size === 0 || busy !== null}
            onClick={() => void confirmSelected()}
          >
            {busy === 'bulk' ? <BusyText>Applying…</BusyText> : `Confirm ${selected.size} selected`}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="mx-5 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <DataTable label="Bank lines">
        <thead>
          <tr>
            <Th>
              <span className="sr-only">Select</span>
            </Th>
            <Th>Date</Th>
            <Th className="whitespace-normal">Narration</Th>
            <Th numeric>Amount (₹)</Th>
            <Th>Status</Th>
            <Th>Customer and split (₹)</Th>
            <Th className="whitespace-normal">Why</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="align-top text-slate-700" data-status={line.status} data-line={line.id}>
              <Td>
                {line.status === 'SUGGESTED' && line.sysObligorCode && (
                  <input
                    type="checkbox"
                    aria-label={`Select the line of ${formatDay(line.valueDate)}`}
                    className="rounded border-slate-300"
                    checked={selected.has(line.id)}
                    onChange={() => toggle(line.id)}
                  />
                )}
              </Td>
              <Td>{formatDay(line.valueDate)}</Td>
              <Td className="max-w-72 whitespace-normal break-words text-xs">
                {line.narration}
                {line.reference && <span className="block text-slate-400">Ref {line.reference}</span>}
              </Td>
              <Td numeric>
                <Money value={line.amount} format={money} bare />
              </Td>
              <Td>
                <span
                  className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[line.status]}`}
                >
                  {STATUS_LABEL[line.status]}
                </span>
                {line.confidence !== null && (
                  <span className="mt-1 block text-xs text-slate-500">{Math.round(line.confidence * 100)}% sure</span>
                )}
              </Td>
              <Td className="min-w-52">
                <Split line={line} money={money} />
              </Td>
              <Td className="max-w-64 whitespace-normal text-xs text-slate-600">
                <ul className="list-disc space-y-0.5 pl-4">
                  {line.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </Td>
              <Td>
                <div className="flex flex-col items-start gap-1.5">
                  {line.status === 'SUGGESTED' && line.sysObligorCode && (
                    <button
                      type="button"
                      className="rounded-md bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
                      disabled={busy !== null}
                      onClick={() => void confirm(line)}
                    >
                      {busy === line.id ? 'Applying…' : 'Confirm'}
                    </button>
                  )}
                  {(line.status === 'SUGGESTED' || line.status === 'UNMATCHED') && (
                    <>
                      <button
                        type="button"
                        className="text-xs font-medium text-brand-700 hover:underline"
                        disabled={busy !== null}
                        onClick={() => setSplitting(line)}
                      >
                        Split…
                      </button>
                      <button
                        type="button"
                        className="text-xs text-slate-500 hover:underline"
                        disabled={busy !== null}
                        onClick={() => void ignore(line)}
                      >
                        Not a receipt
                      </button>
                    </>
                  )}
                  {line.status === 'MATCHED' && !line.reasons.some((r) => r.includes("the ERP's copy")) && (
                    <button
                      type="button"
                      className="text-xs font-medium text-slate-600 hover:underline"
                      disabled={busy !== null}
                      onClick={() => void undo(line)}
                    >
                      Undo
                    </button>
                  )}
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {splitting && (
        <SplitDialog
          line={splitting}
          money={money}
          onClose={() => setSplitting(null)}
          onApplied={() => {
            setSplitting(null);
            router.refresh();
          }}
        />
      )}
    </div>
  );
}

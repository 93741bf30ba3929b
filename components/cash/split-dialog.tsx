'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { apiErrorMessage, callApi } from '@/lib/client/api';
import { bankCalls, type TBankLine } from '@/lib/contract/bank';
import { BusyText } from '@/components/feedback/busy-text';
import { inputClass, primaryButton, secondaryButton } from '@/components/dunning/styles';
import { formatDay } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { CustomerCombobox } from '@/components/obligors/customer-combobox';
import { formatMoney } from '@/lib/domain/format';
import { useFamilyOpenInvoices } from './customer-open-invoices';

const paise = (rupees: number) => Math.round(rupees * 100);

interface Draft {
  sysObligorCode: string;
  obligorName: string | null;
  /** The customer's family: its bills are the dialog's choices, whichever account they are of. */
  familyCode: string;
  allocations: { sysInvoiceNum: string; amount: string }[];
  tdsSection: '' | '194Q' | '194C' | '194J';
  tdsAmount: string;
  writeOff: string;
  onAccount: string;
}

const draftOf = (line: TBankLine): Draft => ({
  sysObligorCode: line.sysObligorCode ?? '',
  obligorName: line.obligorName,
  familyCode: line.familyCode ?? line.sysObligorCode ?? '',
  allocations: line.allocations.length
    ? line.allocations.map((a) => ({ sysInvoiceNum: a.sysInvoiceNum, amount: a.amount.toFixed(2) }))
    : [{ sysInvoiceNum: '', amount: '' }],
  tdsSection: (line.tds?.section as Draft['tdsSection']) ?? '',
  tdsAmount: line.tds ? line.tds.amount.toFixed(2) : '',
  writeOff: line.writeOff ? line.writeOff.toFixed(2) : '',
  onAccount: line.onAccount ? line.onAccount.toFixed(2) : '',
});

const num = (text: string) => (text.trim() === '' ? 0 : Number(text.replace(/,/g, '')));

/**
 * The split dialog: the customer, what each invoice is paid, the TDS deducted (section), the
 * difference written off and the remainder on account. "Left to split" must come to zero: received
 * + TDS + write-off = the invoices + on account. The invoices are chosen among the bills of the
 * customer's whole family, each named with its account: bills of several accounts are applied as a
 * receipt per account, the remainder on account the customer's.
 */
export function SplitDialog({
  line,
  money,
  onClose,
  onApplied,
}: {
  line: TBankLine;
  money: MoneyFormat;
  onClose: () => void;
  onApplied: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(line));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = useFamilyOpenInvoices(draft.familyCode);
  const severalAccounts = new Set(open?.map((o) => o.sysObligorCode)).size > 1;
  const accountOf = (sysInvoiceNum: string) =>
    open?.find((o) => o.sysInvoiceNum === sysInvoiceNum) ?? line.invoiceAccounts[sysInvoiceNum] ?? null;
  const accounts = new Set(
    draft.allocations.flatMap((a) => {
      const account = accountOf(a.sysInvoiceNum);
      return account ? [account.sysObligorCode] : [];
    }),
  );
  const tds = draft.tdsSection ? num(draft.tdsAmount) : 0;
  const left =
    paise(line.amount) +
    paise(tds) +
    paise(num(draft.writeOff)) -
    draft.allocations.reduce((sum, a) => sum + paise(num(a.amount)), 0) -
    paise(num(draft.onAccount));
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const setAllocation = (i: number, changes: Partial<Draft['allocations'][number]>) =>
    set({ allocations: draft.allocations.map((a, j) => (j === i ? { ...a, ...changes } : a)) });

  async function apply() {
    setBusy(true);
    setError(null);
    try {
      await callApi(bankCalls.apply, {
        params: { id: line.id },
        body: {
          sysObligorCode: draft.sysObligorCode.trim(),
          allocations: draft.allocations
            .filter((a) => a.sysInvoiceNum.trim() && num(a.amount) > 0)
            .map((a) => ({ sysInvoiceNum: a.sysInvoiceNum.trim(), amount: num(a.amount) })),
          tds: draft.tdsSection && tds > 0 ? { section: draft.tdsSection, amount: tds } : null,
          writeOff: num(draft.writeOff),
          onAccount: num(draft.onAccount),
        },
      });
      onApplied();
    } catch (e) {
      setError((await apiErrorMessage(e)).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
        <DialogPanel className="w-full max-w-4xl rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Split the receipt</DialogTitle>
          <p className="mt-1 text-sm text-slate-600">
            <Money value={line.amount} format={money} /> received on {formatDay(line.valueDate)}:{' '}
            <span className="break-all text-slate-500">{line.narration}</span>
          </p>
          <div className="mt-4 space-y-4">
            <div className="text-sm">
              <p className="font-medium text-slate-700">Customer</p>
              <p className="mt-1 text-slate-900" data-testid="split-customer">
                {draft.sysObligorCode ? (
                  <>
                    <span className="font-medium">{draft.obligorName ?? draft.sysObligorCode}</span>
                    {draft.obligorName && <span className="ml-2 text-xs text-slate-400">{draft.sysObligorCode}</span>}
                  </>
                ) : (
                  <span className="text-slate-500">None chosen yet</span>
                )}
              </p>
              <div className="mt-2 w-80">
                <label htmlFor="split-customer-search" className="text-xs text-slate-500">
                  {draft.sysObligorCode ? 'Another customer' : 'Find the customer'}
                </label>
                <CustomerCombobox
                  id="split-customer-search"
                  placeholder="Name or code"
                  parentNote="Parent customer"
                  inputClassName={`${inputClass} mt-0`}
                  listClassName="w-[28rem]"
                  onPick={(match) => {
                    // Another family's bills: the invoices chosen for the last one no longer apply.
                    const familyCode = match.parentSysObligorCode ?? match.sysObligorCode;
                    set({
                      sysObligorCode: match.sysObligorCode,
                      obligorName: match.name,
                      familyCode,
                      allocations:
                        familyCode === draft.familyCode ? draft.allocations : [{ sysInvoiceNum: '', amount: '' }],
                    });
                  }}
                />
              </div>
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">
                Invoices paid (₹, TDS and write-off included)
              </legend>
              <div className="mt-1 space-y-2">
                {draft.allocations.map((a, i) => (
                  <div key={i} className="grid grid-cols-[minmax(0,1fr)_8rem_auto] items-center gap-2">
                    {open && open.length > 0 ? (
                      <select
                        aria-label={`Invoice ${i + 1}`}
                        className={`${inputClass} mt-0`}
                        value={a.sysInvoiceNum}
                        onChange={(e) => {
                          const chosen = open.find((o) => o.sysInvoiceNum === e.target.value);
                          // A bill chosen with no amount yet: what is open on it, the usual case.
                          setAllocation(i, {
                            sysInvoiceNum: e.target.value,
                            ...(chosen && !a.amount && { amount: chosen.outstanding.toFixed(2) }),
                          });
                        }}
                      >
                        <option value="">Choose an invoice</option>
                        {!open.some((o) => o.sysInvoiceNum === a.sysInvoiceNum) && a.sysInvoiceNum && (
                          <option value={a.sysInvoiceNum}>
                            {line.invoiceNums[a.sysInvoiceNum] ?? a.sysInvoiceNum}
                          </option>
                        )}
                        {open.map((o) => (
                          <option key={o.sysInvoiceNum} value={o.sysInvoiceNum}>
                            {o.invoiceNum}
                            {severalAccounts ? ` · ${o.obligorName}` : ''}
                            {o.dueDate ? ` · due ${formatDay(o.dueDate)}` : ''} ·{' '}
                            {formatMoney(o.outstanding, money.currency, money.locale)} open
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input
                        aria-label={`Invoice ${i + 1}`}
                        placeholder={open === null ? 'Loading the open invoices…' : 'Invoice number'}
                        className={`${inputClass} mt-0`}
                        value={a.sysInvoiceNum}
                        onChange={(e) => setAllocation(i, { sysInvoiceNum: e.target.value })}
                      />
                    )}
                    <input
                      aria-label={`Amount of invoice ${i + 1}`}
                      inputMode="decimal"
                      className={`${inputClass} mt-0 text-right tabular-nums`}
                      value={a.amount}
                      onChange={(e) => setAllocation(i, { amount: e.target.value })}
                    />
                    <button
                      type="button"
                      className="text-sm text-slate-500 hover:text-rose-700"
                      aria-label={`Remove invoice ${i + 1}`}
                      onClick={() => set({ allocations: draft.allocations.filter((_, j) => j !== i) })}
                    >
                      Remove
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  className="text-sm font-medium text-brand-700 hover:underline"
                  onClick={() => set({ allocations: [...draft.allocations, { sysInvoiceNum: '', amount: '' }] })}
                >
                  Add an invoice
                </button>
              </div>
            </fieldset>
            <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
              <label className="block text-sm font-medium text-slate-700">
                TDS section
                <select
                  className={inputClass}
                  value={draft.tdsSection}
                  onChange={(e) => set({ tdsSection: e.target.value as Draft['tdsSection'] })}
                >
                  <option value="">No TDS</option>
                  <option value="194Q">194Q (goods, 0.1%)</option>
                  <option value="194C">194C (contract, 1% / 2%)</option>
                  <option value="194J">194J (fees, 2% / 10%)</option>
                </select>
              </label>
              <label className="block text-sm font-medium text-slate-700">
                TDS (₹)
                <input
                  inputMode="decimal"
                  className={`${inputClass} text-right tabular-nums`}
                  disabled={!draft.tdsSection}
                  value={draft.tdsAmount}
                  onChange={(e) => set({ tdsAmount: e.target.value })}
                />
              </label>
              <label className="block text-sm font-medium text-slate-700">
                Write-off (₹)
                <input
                  inputMode="decimal"
                  className={`${inputClass} text-right tabular-nums`}
                  value={draft.writeOff}
                  onChange={(e) => set({ writeOff: e.target.value })}
                />
              </label>
              <label className="block text-sm font-medium text-slate-700">
                On account (₹)
                <input
                  inputMode="decimal"
                  className={`${inputClass} text-right tabular-nums`}
                  value={draft.onAccount}
                  onChange={(e) => set({ onAccount: e.target.value })}
                />
              </label>
            </div>
            {accounts.size > 1 && (
              <p className="text-sm text-slate-600" data-testid="split-receipts">
                Bills of {accounts.size} accounts: one receipt each, the TDS and write-off with the bills they settle
                {draft.onAccount && num(draft.onAccount) > 0
                  ? `, the remainder on account with ${draft.obligorName ?? draft.sysObligorCode}`
                  : ''}
                .
              </p>
            )}
            <p
              className={`text-sm font-medium ${left === 0 ? 'text-emerald-700' : 'text-amber-800'}`}
              data-testid="left-to-split"
            >
              {left === 0 ? (
                'The split adds up to the receipt.'
              ) : (
                <>
                  Left to split: <Money value={left / 100} format={money} />
                </>
              )}
            </p>
            {error && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </p>
            )}
          </div>
          <div className="mt-5 flex justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={busy || left !== 0 || !draft.sysObligorCode.trim()}
              onClick={() => void apply()}
            >
              {busy ? <BusyText>Applying…</BusyText> : 'Apply the split'}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

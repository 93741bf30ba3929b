import { format, parseISO } from 'date-fns';
import { pageGate } from '@/lib/backend/page-gate';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';
import { Sparkline } from '@/components/ui/sparkline';
import { formatDay } from '@/components/ui/day';

const BAND_TONE: Record<string, string> = {
  ON_TIME: 'bg-emerald-500',
  D1_15: 'bg-lime-500',
  D16_30: 'bg-amber-400',
  D31_60: 'bg-orange-500',
  D61_90: 'bg-rose-500',
  OVER_90: 'bg-rose-700',
};

const daysText = (days: number) =>
  days === 0
    ? 'on the due date'
    : days < 0
      ? `${Math.abs(days).toFixed(1)} days early`
      : `${days.toFixed(1)} days late`;

/**
 * GET /v3/clients/payment_behaviour: how the customer paid in the 12 months to today (or to the
 * page's as-of `date`), by lateness band and month.
 */
export function PaymentBehaviourSection({ code, date }: { code: string; date?: string }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [money, behaviour] = await Promise.all([
      clientSettings(),
      backend.paymentBehaviour.behaviour({ query: { sysObligorCode: code, ...(date ? { date } : {}) } }),
    ]);
    return { money, behaviour };
  };
  return (
    <Loaded load={load} isEmpty={({ behaviour }) => behaviour.invoicesPaid === 0}>
      {({ money, behaviour: b }) => (
        <div className="grid gap-6 lg:grid-cols-[1fr_16rem]" data-testid="payment-behaviour">
          <div>
            <p className="text-sm text-slate-700">
              On average{' '}
              <span className="font-semibold text-slate-900" data-testid="average-days-late">
                {daysText(b.averageDaysLate ?? 0)}
              </span>
              , weighted by amount;{' '}
              <span className="font-semibold text-slate-900" data-testid="late-share">
                {(b.lateShare ?? 0).toFixed(1)}%
              </span>{' '}
              of the amount was paid after its due date. {b.invoicesPaid} bills,{' '}
              <Money value={b.amountPaid} format={money} whole />, paid off between {formatDay(b.fromDate)} and{' '}
              {formatDay(b.toDate)}.
            </p>
            <ul className="mt-4 space-y-1.5" aria-label="Amount paid by lateness">
              {b.distribution.map((d) => (
                <li key={d.band} className="grid grid-cols-[9rem_1fr_7rem] items-center gap-3 text-xs">
                  <span className="text-slate-600">{d.label}</span>
                  <span className="h-2.5 rounded-full bg-slate-100">
                    <span
                      className={`block h-2.5 rounded-full ${BAND_TONE[d.band]}`}
                      style={{ width: `${Math.min(100, d.share)}%` }}
                    />
                  </span>
                  <span className="text-right tabular-nums text-slate-700">
                    {d.share.toFixed(1)}% · {d.count} bill{d.count === 1 ? '' : 's'}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="text-slate-500">
            <p className="text-xs font-medium uppercase tracking-wide">Days late by month paid</p>
            <div className="mt-2 text-brand-600">
              <Sparkline
                values={b.months.map((m) => m.averageDaysLate)}
                label="Average days late by month of payment"
                className="h-16 w-full"
              />
            </div>
            {b.months.length > 1 && (
              <p className="mt-1 text-xs">
                {format(parseISO(`${b.months[0]!.month}-01`), 'MMM yyyy')}: {daysText(b.months[0]!.averageDaysLate)};{' '}
                {format(parseISO(`${b.months.at(-1)!.month}-01`), 'MMM yyyy')}:{' '}
                {daysText(b.months.at(-1)!.averageDaysLate)}
              </p>
            )}
          </div>
        </div>
      )}
    </Loaded>
  );
}

import { Money, type MoneyFormat } from '@/components/ui/money';
import { formatMoney } from '@/lib/domain/format';

/**
 * Money received on account and not yet allocated (`unallocated`, zero or negative), under the
 * balance it is netted from: the positive amount received, marked "On A/c" as Tally prints it, the
 * net balance on hover (and in data-net-balance); nothing shown when there is none. One short line,
 * not two more columns: the table already fills a 1440-pixel screen.
 */
export function OnAccount({
  value,
  net,
  money,
  testId,
}: {
  value: number;
  net: number;
  money: MoneyFormat;
  testId: string;
}) {
  if (value === 0) return <span className="hidden" data-testid={testId} data-value={0} data-net-balance={net} />;
  return (
    <span
      className="block text-[11px] font-normal text-emerald-700"
      data-testid={testId}
      data-value={value}
      data-net-balance={net}
      title={`Net balance ${formatMoney(net, money.currency, money.locale)}: the balance less what was received on account and not yet allocated to invoices`}
    >
      <Money value={-value} format={money} bare /> On A/c
    </span>
  );
}

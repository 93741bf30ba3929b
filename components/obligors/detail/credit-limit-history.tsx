import { pageGate } from '@/lib/backend/page-gate';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Loaded } from '@/components/ui/loaded';
import { Money } from '@/components/ui/money';

/** GET /v3/obligors/credit_limit: every change of the customer's credit limit, newest first. */
export function CreditLimitHistory({ code }: { code: string }) {
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [money, credit] = await Promise.all([
      clientSettings(),
      backend.customers.obligorCreditLimit({ query: { sysObligorCode: code } }),
    ]);
    return { money, credit };
  };
  return (
    <Loaded load={load} isEmpty={({ credit }) => credit.history.length === 0}>
      {({ money, credit }) => (
        <DataTable label="Credit limit history" testId="credit-limit-history">
          <thead>
            <tr>
              <Th>Effective from</Th>
              <Th numeric>Limit</Th>
              <Th numeric>Change</Th>
              <Th>Changed by</Th>
            </tr>
          </thead>
          <tbody>
            {credit.history.map((h, i) => {
              const previous = credit.history[i + 1]?.creditLimit;
              const change = previous == null ? null : h.creditLimit - previous;
              return (
                <Tr key={`${h.effectiveDate}-${i}`}>
                  <Td>
                    <Day iso={h.effectiveDate} />
                  </Td>
                  <Td numeric>
                    <Money value={h.creditLimit} format={money} />
                  </Td>
                  <Td
                    numeric
                    className={change == null ? 'text-slate-400' : change < 0 ? 'text-rose-700' : 'text-emerald-700'}
                  >
                    {change == null ? (
                      'First limit'
                    ) : (
                      <>
                        {change > 0 ? '+' : ''}
                        <Money value={change} format={money} />
                      </>
                    )}
                  </Td>
                  <Td>{h.changedBy ?? <span className="text-slate-400">Set at onboarding</span>}</Td>
                </Tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </Loaded>
  );
}

import { pageGate } from '@/lib/backend/page-gate';
import { RatingBadge } from '@/components/receivables/rating-badge';
import { Day } from '@/components/ui/day';
import { Loaded } from '@/components/ui/loaded';
import { RatingHistoryChart } from './rating-history-chart';

/** GET /v3/obligors/overview: the weighted rating month by month and every dated rating change. */
export function RatingHistory({ code, isParent }: { code: string; isParent: boolean }) {
  const load = async () =>
    (await pageGate()).backend.customers.obligorOverview({
      query: isParent ? { parentSysObligorCode: code } : { sysObligorCode: code },
    });
  return (
    <Loaded
      load={load}
      isEmpty={(overview) =>
        overview.ratings.length === 0 && overview.months.every((m) => m.obligorWeightedRating == null)
      }
    >
      {(overview) => {
        const changes = [...overview.ratings].reverse().slice(0, 6);
        return (
          <div className="space-y-4" data-testid="rating-history">
            <RatingHistoryChart months={overview.months} />
            <div>
              <h4 className="text-xs font-medium uppercase tracking-wide text-slate-500">Latest ratings</h4>
              <ul className="mt-2 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-2">
                {changes.map((r) => (
                  <li
                    key={`${r.sysObligorCode}-${r.date}`}
                    className="flex items-center justify-between gap-2 border-b border-slate-100 py-1.5"
                  >
                    <span className="min-w-0 truncate" title={r.name}>
                      {isParent ? r.name : <Day iso={r.date} />}
                    </span>
                    <span className="flex shrink-0 items-center gap-2">
                      {isParent && (
                        <span className="text-xs text-slate-500">
                          <Day iso={r.date} />
                        </span>
                      )}
                      <RatingBadge rating={r.label} />
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}

import { Day } from '@/components/ui/day';
import { RatingBadge } from '@/components/receivables/rating-badge';
import { titleCase } from '@/lib/domain/format';
import type { TObligorInfo } from '@/lib/contract/obligors';
import type { RatingLabel } from '@/lib/domain/rating';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">
        {children ?? <span className="text-slate-300">-</span>}
      </dd>
    </div>
  );
}

/** Who the customer is: identity, contact, territory, the people assigned and the current rating. */
export function ObligorInfoCard({
  info,
  dim1Name,
  dim2Name,
  familyRating,
}: {
  info: TObligorInfo;
  dim1Name: string;
  dim2Name: string;
  /** A parent's balance-weighted rating over its family (a holding company is seldom rated itself). */
  familyRating?: RatingLabel;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="obligor-info">
      {info.info && <p className="mb-4 text-sm text-slate-600">{info.info}</p>}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4 xl:grid-cols-6">
        <Item label="Code">{info.sysObligorCode}</Item>
        <Item label="GSTIN">{info.businessId}</Item>
        <Item label="City">{info.city}</Item>
        <Item label={dim1Name}>{info.dim1}</Item>
        <Item label={dim2Name}>{info.dim2}</Item>
        <Item label="Trade channel">{info.tradeChannel}</Item>
        <Item label="Email">
          {info.email && (
            <a href={`mailto:${info.email}`} className="text-brand-700 hover:underline">
              {info.email}
            </a>
          )}
        </Item>
        <Item label="Phone">
          {info.phone && (
            <a href={`tel:${info.phone.replace(/\s/g, '')}`} className="text-brand-700 hover:underline">
              {info.phone}
            </a>
          )}
        </Item>
        <Item label="Field officer">{info.guestName}</Item>
        <Item label="Area sales manager">{info.representativeName}</Item>
        <Item label="Relationship manager">{info.rmName}</Item>
        <Item label="Customer since">
          <Day iso={info.customerSince} />
        </Item>
        {info.isParent && familyRating ? (
          <Item label="Family rating (weighted)">
            <RatingBadge rating={familyRating} />
          </Item>
        ) : (
          <Item label="Rating">
            <span className="inline-flex items-center gap-2">
              <RatingBadge rating={info.ratingLabel} />
              {info.ratingDate && (
                <span className="text-xs text-slate-500">
                  since <Day iso={info.ratingDate} />
                </span>
              )}
            </span>
          </Item>
        )}
        {!info.isParent && <Item label="Sales segment">{info.salesSegment && titleCase(info.salesSegment)}</Item>}
        {info.isParent && <Item label="Accounts in family">{info.members + 1}</Item>}
      </dl>
    </div>
  );
}

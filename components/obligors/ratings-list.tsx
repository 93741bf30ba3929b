'use client';

import Link from 'next/link';
import { Suspense } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { customerCalls } from '@/lib/contract/customers';
import { usePagedList } from '@/lib/client/use-paged-list';
import { ratingLabel } from '@/lib/domain/rating';
import { SHIFT_LABELS, type RatingShift } from '@/lib/domain/rating-shift';
import { WarningBox } from '@/components/feedback/warning-box';
import { RatingBadge } from '@/components/receivables/rating-badge';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day, formatDay } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { readSectionPaging, SectionPager, SortHeader } from './manage-table-controls';
import { useSectionState } from './manage-url-state';
import { ShiftBadge } from './ratings-shift-badge';

const PREFIX = 'rt_';
const REFRESH_MS = 300_000;
const INR: MoneyFormat = { currency: 'INR', locale: 'en-IN' };

/**
 * Ratings and risk shifts (spec section 7, /v3/clients/ratings): each rated obligor's rating as of
 * the date beside the one before it, so a credit controller sees who moved to higher risk. URL
 * keys are prefixed rt_ so the page hosting it keeps its own.
 */
export function RatingsList(props: { date?: string; money?: MoneyFormat }) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="ratings-list">
      <header className="border-b border-slate-100 px-5 py-3.5">
        <h3 className="text-sm font-semibold text-slate-900">Ratings and risk shifts</h3>
        <p className="mt-0.5 text-xs text-slate-500">
          Each obligor&apos;s latest rating{props.date ? ` on ${formatDay(props.date)}` : ''} against its previous
          review; balance as of the same day.
        </p>
      </header>
      <Suspense fallback={<TableSkeleton columns={6} />}>
        <Ratings date={props.date} money={props.money ?? INR} />
      </Suspense>
    </section>
  );
}

function Ratings({ date, money }: { date?: string; money: MoneyFormat }) {
  const { values, href, update } = useSectionState(PREFIX);
  const { page, count } = readSectionPaging(values, DEFAULT_PAGE_SIZE);
  const sort = {
    sortBy: values.sortBy ?? 'rating',
    orderBy: values.orderBy === 'DESC' ? ('DESC' as const) : ('ASC' as const),
  };
  const query: Record<string, string | number> = { offset: page, count, sortBy: sort.sortBy, orderBy: sort.orderBy };
  if (values.shift) query.shift = values.shift;
  if (date) query.date = date;
  const list = usePagedList(customerCalls.ratings, { query }, REFRESH_MS);
  const header = (column: string, label: string, numeric = false) => (
    <SortHeader column={column} label={label} active={sort} hrefFor={href} numeric={numeric} />
  );

  return (
    <>
      <nav aria-label="Risk shift" className="flex flex-wrap gap-1 border-b border-slate-100 px-5 py-3 text-sm">
        {SHIFT_TABS.map((shift) => {
          const current = (values.shift ?? null) === shift;
          return (
            <button
              key={shift ?? 'ALL'}
              type="button"
              onClick={() => update({ shift })}
              aria-pressed={current}
              className={`rounded-md px-3 py-1.5 font-medium ${current ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
            >
              {shift ? PLURAL[shift] : 'All'}
            </button>
          );
        })}
      </nav>
      {list.error ? (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      ) : list.loading && list.rows.length === 0 ? (
        <TableSkeleton columns={6} />
      ) : list.rows.length === 0 ? (
        <div className="p-5">
          <WarningBox kind="empty" />
        </div>
      ) : (
        <div className={list.loading ? 'opacity-60 transition-opacity' : ''} aria-busy={list.loading}>
          <DataTable label="Ratings and risk shifts" testId="ratings-table">
            <thead>
              <tr>
                {header('name', 'Obligor')}
                {header('rating', 'Rating')}
                <Th>Previous rating</Th>
                {header('shift', 'Shift')}
                {header('ratingDate', 'Rated on')}
                {header('balance', 'Balance', true)}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <Tr key={row.sysObligorCode} data-obligor={row.sysObligorCode} data-shift={row.shift}>
                  <Td>
                    <Link
                      href={
                        row.parentSysObligorCode
                          ? `/borrowers/obligors/child/${encodeURIComponent(row.sysObligorCode)}`
                          : `/borrowers/obligors/${encodeURIComponent(row.sysObligorCode)}`
                      }
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {row.name}
                    </Link>
                    <span className="block text-[11px] text-slate-400">
                      {row.sysObligorCode}
                      {row.parentName ? ` · ${row.parentName}` : ''}
                    </span>
                  </Td>
                  <Td>
                    <RatingBadge rating={row.ratingLabel} />
                  </Td>
                  <Td>
                    {row.previousRating == null ? (
                      <span className="text-slate-400">—</span>
                    ) : (
                      <span className="inline-flex items-center gap-2">
                        <RatingBadge rating={ratingLabel(row.previousRating)} />
                        <span className="text-[11px] text-slate-400">
                          <Day iso={row.previousRatingDate} />
                        </span>
                      </span>
                    )}
                  </Td>
                  <Td>
                    <ShiftBadge shift={row.shift} />
                  </Td>
                  <Td>
                    <Day iso={row.ratingDate} />
                  </Td>
                  <Td numeric>
                    <Money value={row.balance} format={money} />
                  </Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
          <SectionPager total={list.total} page={page} count={count} hrefFor={href} noun="rated obligors" />
        </div>
      )}
    </>
  );
}

const SHIFT_TABS: (RatingShift | null)[] = [null, 'DOWNGRADE', 'UPGRADE', 'UNCHANGED', 'NEW'];
const PLURAL: Record<RatingShift, string> = {
  DOWNGRADE: 'Downgrades',
  UPGRADE: 'Upgrades',
  UNCHANGED: SHIFT_LABELS.UNCHANGED,
  NEW: 'First ratings',
};

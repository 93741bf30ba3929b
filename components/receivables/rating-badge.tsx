import type { RatingLabel } from '@/lib/domain/rating';

const TONE: Record<RatingLabel, string> = {
  low: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  medium: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  high: 'bg-rose-50 text-rose-700 ring-rose-600/20',
  '-': 'text-slate-400 ring-transparent',
};

/** The weighted rating of a row: low green, medium amber, high red, '-' when unrated. */
export function RatingBadge({ rating }: { rating: RatingLabel }) {
  return (
    <span className={`inline-flex min-w-12 justify-center rounded-full px-1.5 py-0.5 text-xs font-medium capitalize ring-1 ring-inset ${TONE[rating]}`} data-rating={rating}>
      {rating}
    </span>
  );
}

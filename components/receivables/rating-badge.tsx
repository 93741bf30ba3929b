import type { CSSProperties } from 'react';
import type { RatingLabel } from '@/lib/domain/rating';

const VARIABLE: Record<RatingLabel, string> = {
  low: 'var(--risk-low, #059669)',
  medium: 'var(--risk-medium, #d97706)',
  high: 'var(--risk-high, #e11d48)',
  '-': 'var(--risk-unrated, #94a3b8)',
};

/** The colour of a risk class from the client's risk colours (set by RiskColourScope). */
export function riskColour(rating: RatingLabel): string {
  return VARIABLE[rating];
}

/** The weighted rating of a row in the client's risk colours; '-' when unrated. */
export function RatingBadge({ rating }: { rating: RatingLabel }) {
  const colour = VARIABLE[rating];
  const style: CSSProperties =
    rating === '-'
      ? { color: colour }
      : {
          color: `color-mix(in srgb, ${colour} 80%, black)`,
          backgroundColor: `color-mix(in srgb, ${colour} 12%, white)`,
          boxShadow: `inset 0 0 0 1px color-mix(in srgb, ${colour} 30%, transparent)`,
        };
  return (
    <span
      className="inline-flex min-w-12 justify-center rounded-full px-1.5 py-0.5 text-xs font-medium capitalize"
      style={style}
      data-rating={rating}
    >
      {rating}
    </span>
  );
}

import { SHIFT_LABELS, type RatingShift } from '@/lib/domain/rating-shift';

/** An upgrade (less risk) reads as a credit rating going up: green ▲; a downgrade red ▼. */
const STYLE: Record<RatingShift, { arrow: string; tone: string }> = {
  UPGRADE: { arrow: '▲', tone: 'text-emerald-700' },
  DOWNGRADE: { arrow: '▼', tone: 'text-rose-700' },
  UNCHANGED: { arrow: '→', tone: 'text-slate-500' },
  NEW: { arrow: '•', tone: 'text-sky-700' },
};

export function ShiftBadge({ shift }: { shift: RatingShift }) {
  const { arrow, tone } = STYLE[shift];
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap text-xs font-medium ${tone}`} data-shift={shift}>
      <span aria-hidden className="text-[10px] leading-none">
        {arrow}
      </span>
      {SHIFT_LABELS[shift]}
    </span>
  );
}

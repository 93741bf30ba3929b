import { titleCase } from '@/lib/domain/format';

const TONE: Record<string, string> = {
  LOW: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  MEDIUM: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  HIGH: 'bg-rose-50 text-rose-700 ring-rose-600/20',
};

/** Collection risk (share of the balance overdue past b2, lib/domain/segments.ts) with that share on hover. */
export function CollectionRiskBadge({ risk, share }: { risk: string; share: number }) {
  return (
    <span
      className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[risk] ?? ''}`}
      title={`${share.toFixed(1)}% of the balance is overdue past the second bucket`}
      data-collection-risk={risk}
    >
      {titleCase(risk)}
    </span>
  );
}

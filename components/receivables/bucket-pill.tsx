const TONES: Record<string, string> = {
  current: 'bg-blue-50 text-blue-700',
  crdBucket1: 'bg-amber-50 text-amber-700',
  crdBucket2: 'bg-amber-100 text-amber-800',
  crdBucket3: 'bg-orange-100 text-orange-800',
  crdBucket4: 'bg-rose-100 text-rose-800',
};

/** The ageing bucket of an item, warmer as it gets older. */
export function BucketPill({ bucket, label }: { bucket: string | null; label: string }) {
  if (!bucket) return <span className="text-slate-400">-</span>;
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[bucket] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {label}
    </span>
  );
}

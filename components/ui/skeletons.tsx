/** Placeholders in the shape of what is loading, so the page does not jump when it arrives. */

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200/70 ${className}`} />;
}

export function TableSkeleton({ rows = 10, columns = 6 }: { rows?: number; columns?: number }) {
  return (
    <div role="status" aria-label="Loading" className="divide-y divide-slate-100" data-testid="skeleton">
      <div className="flex gap-6 bg-slate-50/70 px-5 py-3">
        {Array.from({ length: columns }, (_, i) => (
          <Bar key={i} className="h-3 flex-1" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-6 px-5 py-3.5">
          {Array.from({ length: columns }, (_, i) => (
            <Bar key={i} className={`h-3 flex-1 ${i === 0 ? 'max-w-48' : ''}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function ChartSkeleton({ height = 'h-72' }: { height?: string }) {
  return (
    <div role="status" aria-label="Loading" className={`flex ${height} items-end gap-4 px-2`} data-testid="skeleton">
      {[55, 35, 25, 18, 40, 30, 48].map((share, i) => (
        <div key={i} className="flex-1" style={{ height: `${share}%` }}>
          <div className="h-full animate-pulse rounded-t bg-slate-200/70" />
        </div>
      ))}
    </div>
  );
}

export function CardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
      data-testid="skeleton"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <Bar className="h-3 w-24" />
          <Bar className="mt-4 h-7 w-36" />
          <Bar className="mt-3 h-3 w-28" />
        </div>
      ))}
    </div>
  );
}

export function LinesSkeleton({ lines = 5 }: { lines?: number }) {
  return (
    <div role="status" aria-label="Loading" className="space-y-3" data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => (
        <Bar key={i} className="h-4 w-full" />
      ))}
    </div>
  );
}

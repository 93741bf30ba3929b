/** Days past due as a collector reads it: how late, or how long until it falls due. */
export function DaysPastDue({ days }: { days: number }) {
  if (days < 0) return <span className="text-slate-400">due in {-days} d</span>;
  if (days === 0) return <span className="text-slate-500">due today</span>;
  return (
    <span className={`font-medium ${days > 90 ? 'text-rose-700' : days > 30 ? 'text-orange-700' : 'text-amber-700'}`}>
      {days}
    </span>
  );
}

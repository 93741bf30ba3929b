/**
 * A small trend line drawn as plain SVG (no chart library: the dashboard's first load stays light),
 * null values left as gaps. The last point is marked.
 */
export function Sparkline({
  values,
  label,
  className = 'h-8 w-28',
}: {
  values: (number | null)[];
  label: string;
  className?: string;
}) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const min = Math.min(...known);
  const max = Math.max(...known);
  const width = 112;
  const height = 32;
  const x = (i: number) => (values.length === 1 ? width / 2 : (i / (values.length - 1)) * (width - 4) + 2);
  const y = (v: number) => (max === min ? height / 2 : height - 3 - ((v - min) / (max - min)) * (height - 6));
  let path = '';
  values.forEach((v, i) => {
    if (v === null) return;
    path += `${path && values[i - 1] !== null ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)} `;
  });
  const lastIndex = values.findLastIndex((v) => v !== null);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={className} role="img" aria-label={label}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
      <circle cx={x(lastIndex)} cy={y(values[lastIndex]!)} r={2.5} fill="currentColor" />
    </svg>
  );
}

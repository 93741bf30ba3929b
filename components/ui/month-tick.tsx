import { format, parseISO } from 'date-fns';

/**
 * A chart's month tick: the month under its point, and the year under the first month and every
 * January on a second line, so that no month is read without its year ('Nov 25' could be a day).
 * `value` is a month ('2026-11') or a day of it.
 */
export function MonthTick({ x, y, value, tickIndex }: { x: number; y: number; value: string; tickIndex: number }) {
  const day = parseISO(value.length === 7 ? `${value}-01` : value);
  return (
    <g transform={`translate(${x},${y + 16})`}>
      <text textAnchor="middle" style={{ fontSize: 11, fill: '#64748b' }}>
        {format(day, 'MMM')}
      </text>
      {(tickIndex === 0 || day.getMonth() === 0) && (
        <text y={14} textAnchor="middle" style={{ fontSize: 10, fill: '#94a3b8' }}>
          {format(day, 'yyyy')}
        </text>
      )}
    </g>
  );
}

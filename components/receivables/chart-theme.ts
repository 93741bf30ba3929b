import type { BarDatum, BarSvgProps } from '@nivo/bar';

// The theme type, through a declared dependency (@nivo/theming itself is only transitive).
type PartialTheme = NonNullable<BarSvgProps<BarDatum>['theme']>;

/** Chart text and grid in the page's own type and greys, so charts read as part of the card. */
export const CHART_THEME: PartialTheme = {
  text: { fontSize: 11, fill: '#64748b', fontFamily: 'Inter, "Segoe UI", system-ui, sans-serif' },
  axis: {
    ticks: { line: { stroke: '#cbd5e1' }, text: { fill: '#64748b', fontSize: 11 } },
    domain: { line: { stroke: '#e2e8f0', strokeWidth: 1 } },
  },
  grid: { line: { stroke: '#f1f5f9', strokeWidth: 1 } },
  legends: { text: { fill: '#475569', fontSize: 12 } },
};

/** Current in the brand blue, then warmer as receivables age. */
export const AGEING_COLORS = ['#3b6cf6', '#fbbf24', '#f59e0b', '#ea580c', '#e11d48'];

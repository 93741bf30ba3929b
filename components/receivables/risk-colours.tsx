import type { CSSProperties, ReactNode } from 'react';

export interface RiskColours {
  low: string;
  medium: string;
  high: string;
  unrated: string;
}

/** Falls back to these when a stored colour is not a plain hex colour (it becomes CSS). */
const DEFAULT_COLOURS: RiskColours = { low: '#059669', medium: '#d97706', high: '#e11d48', unrated: '#94a3b8' };
const HEX = /^#[0-9a-fA-F]{3,8}$/;

export function riskColoursOf(client: { riskColourLow: string; riskColourMedium: string; riskColourHigh: string; riskColourUnrated: string }): RiskColours {
  const pick = (value: string, key: keyof RiskColours) => (HEX.test(value) ? value : DEFAULT_COLOURS[key]);
  return {
    low: pick(client.riskColourLow, 'low'),
    medium: pick(client.riskColourMedium, 'medium'),
    high: pick(client.riskColourHigh, 'high'),
    unrated: pick(client.riskColourUnrated, 'unrated'),
  };
}

/**
 * The client's risk colours as CSS variables for everything below (rating chips, risk charts), so
 * that every component reads the one setting without passing it down.
 */
export function RiskColourScope({ colours, children }: { colours: RiskColours; children: ReactNode }) {
  const style = {
    '--risk-low': colours.low, '--risk-medium': colours.medium, '--risk-high': colours.high, '--risk-unrated': colours.unrated,
  } as CSSProperties;
  return <div style={style} className="contents">{children}</div>;
}

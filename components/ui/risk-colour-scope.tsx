import type { CSSProperties, ReactNode } from 'react';
import type { RiskColours } from '@/lib/domain/risk-colours';

/**
 * The client's risk colours as CSS variables for everything below (rating chips, risk charts), so
 * that every component reads the one setting without passing it down.
 */
export function RiskColourScope({ colours, children }: { colours: RiskColours; children: ReactNode }) {
  const style = {
    '--risk-low': colours.low,
    '--risk-medium': colours.medium,
    '--risk-high': colours.high,
    '--risk-unrated': colours.unrated,
  } as CSSProperties;
  return (
    <div style={style} className="contents">
      {children}
    </div>
  );
}

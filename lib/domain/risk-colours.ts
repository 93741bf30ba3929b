/** The client's colours for low, medium, high and unrated risk (rating chips, risk charts). */
export interface RiskColours {
  low: string;
  medium: string;
  high: string;
  unrated: string;
}

/** Falls back to these when a stored colour is not a plain hex colour (it becomes CSS). */
const DEFAULT_COLOURS: RiskColours = { low: '#059669', medium: '#d97706', high: '#e11d48', unrated: '#94a3b8' };
const HEX = /^#[0-9a-fA-F]{3,8}$/;

export function riskColoursOf(client: {
  riskColourLow: string;
  riskColourMedium: string;
  riskColourHigh: string;
  riskColourUnrated: string;
}): RiskColours {
  const pick = (value: string, key: keyof RiskColours) => (HEX.test(value) ? value : DEFAULT_COLOURS[key]);
  return {
    low: pick(client.riskColourLow, 'low'),
    medium: pick(client.riskColourMedium, 'medium'),
    high: pick(client.riskColourHigh, 'high'),
    unrated: pick(client.riskColourUnrated, 'unrated'),
  };
}

/**
 * A client's cash application settings (issue 53): how far a small difference is written off, when
 * a match is applied without a person (never, until the client trusts it), the GST rate assumed for
 * an invoice without its taxable value, and the ledger names the Tally export writes.
 */
import { DEFAULT_MATCH_SETTINGS, type MatchSettings } from './cash-match';
import type { LedgerNames } from './receipt-export';
import { TDS_RATES } from './tds';

export interface CashSettings {
  /** Rupees a difference may be written off up to; null: no limit by amount. */
  toleranceRupees: number | null;
  /** Percent of what the invoices ask; null: no limit by share. */
  tolerancePercent: number | null;
  /** 0 to 1: applied without a person from this confidence; null: never. */
  autoApplyAbove: number | null;
  /** 0 to 1: no suggestion below it. */
  suggestAbove: number;
  /** Percent assumed for an invoice without its taxable value. */
  gstPercent: number;
  bankLedger: string;
  /** `{section}` is replaced by the TDS section (`TDS Receivable 194Q`). */
  tdsLedger: string;
  writeOffLedger: string;
}

export const DEFAULT_CASH_SETTINGS: CashSettings = {
  toleranceRupees: 100,
  tolerancePercent: null,
  autoApplyAbove: DEFAULT_MATCH_SETTINGS.autoApplyAbove,
  suggestAbove: DEFAULT_MATCH_SETTINGS.suggestAbove,
  gstPercent: 18,
  bankLedger: 'Bank Account',
  tdsLedger: 'TDS Receivable',
  writeOffLedger: 'Discount Allowed',
};

/** What the matcher reads (paise and basis points). */
export function matchSettingsOf(s: CashSettings): MatchSettings {
  return {
    gstRateBp: Math.round(s.gstPercent * 100),
    tdsRates: TDS_RATES,
    tolerance: {
      maxPaise: s.toleranceRupees === null ? null : Math.round(s.toleranceRupees * 100),
      maxBp: s.tolerancePercent === null ? null : Math.round(s.tolerancePercent * 100),
    },
    autoApplyAbove: s.autoApplyAbove,
    suggestAbove: s.suggestAbove,
  };
}

export function ledgerNamesOf(s: CashSettings, company: string | null): LedgerNames {
  return { company, bank: s.bankLedger, tdsReceivable: s.tdsLedger, writeOff: s.writeOffLedger };
}

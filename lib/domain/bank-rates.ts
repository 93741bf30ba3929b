import type { BankRate } from './msmed-interest';

/**
 * The RBI Bank Rate since March 2020, each from the day the Reserve Bank announced it "with
 * immediate effect". Since February 2012 the Bank Rate is aligned with the Marginal Standing Facility
 * rate, so each change of the policy repo rate moves it. Sources (docs/msme-and-cheques.md): the
 * RBI's monetary policy statements and its "Change in Bank Rate" circulars of each date.
 * A client's own table (bank_rates, kept by its admin) replaces this one; rates announced after
 * February 2026 are not in it and the admin adds them.
 */
export const DEFAULT_BANK_RATES: readonly (BankRate & { source: string })[] = [
  {
    effectiveFrom: '2020-03-27',
    ratePercent: 4.65,
    source: 'RBI Statement on Developmental and Regulatory Policies, 27/03/2020',
  },
  { effectiveFrom: '2020-05-22', ratePercent: 4.25, source: 'RBI Governor’s Statement, 22/05/2020' },
  { effectiveFrom: '2022-05-04', ratePercent: 4.65, source: 'RBI off-cycle MPC decision, 04/05/2022' },
  { effectiveFrom: '2022-06-08', ratePercent: 5.15, source: 'RBI/2022-23/65 Change in Bank Rate, 08/06/2022' },
  { effectiveFrom: '2022-08-05', ratePercent: 5.65, source: 'RBI Monetary Policy Statement, 05/08/2022' },
  { effectiveFrom: '2022-09-30', ratePercent: 6.15, source: 'RBI Monetary Policy Statement, 30/09/2022' },
  { effectiveFrom: '2022-12-07', ratePercent: 6.5, source: 'RBI Monetary Policy Statement, 07/12/2022' },
  { effectiveFrom: '2023-02-08', ratePercent: 6.75, source: 'RBI Monetary Policy Statement, 08/02/2023' },
  { effectiveFrom: '2025-02-07', ratePercent: 6.5, source: 'RBI Monetary Policy Statement, 07/02/2025' },
  { effectiveFrom: '2025-04-09', ratePercent: 6.25, source: 'RBI Monetary Policy Statement, 09/04/2025' },
  { effectiveFrom: '2025-06-06', ratePercent: 5.75, source: 'RBI Monetary Policy Statement, 06/06/2025' },
  { effectiveFrom: '2025-12-05', ratePercent: 5.5, source: 'RBI Monetary Policy Statement, 05/12/2025' },
];

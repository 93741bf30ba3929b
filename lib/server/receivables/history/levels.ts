/**
 * The groups of obligors the ageing history keeps figures for: the client as a whole, each family
 * (parent obligor) and each value of dim1..dim3 (0: customers without one). Not a collector's
 * customers: a reassignment (manage customers) would change them without a ledger change, so a
 * scoped user's other dates take the ledger path.
 */
export const HISTORY_LEVELS = ['client', 'family', 'dim1', 'dim2', 'dim3'] as const;
export type HistoryLevel = (typeof HISTORY_LEVELS)[number];

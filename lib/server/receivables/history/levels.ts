/**
 * The groups of obligors the ageing history keeps figures for: the client as a whole, each family
 * (parent obligor), each value of dim1..dim3 (0: customers without one), and each collector's
 * customers: a field officer's (guest, keyed by the user's id) and an area sales manager's
 * (representative). A reassignment (manage customers) changes a collector's customers without a
 * ledger change, so the collector levels answer only while the history was built with the current
 * assignments (`assignments_changed_at`, refresh-history.ts); the others need the current ledger only.
 * Not a collector's families: at a million invoices they would double the history.
 */
export const HISTORY_LEVELS = ['client', 'family', 'dim1', 'dim2', 'dim3', 'guest', 'representative'] as const;
export type HistoryLevel = (typeof HISTORY_LEVELS)[number];

/** The collector levels: the history row of a scoped user's own customers. */
export const SCOPE_LEVELS = ['guest', 'representative'] as const satisfies readonly HistoryLevel[];

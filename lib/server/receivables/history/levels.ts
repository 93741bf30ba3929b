/**
 * The groups of obligors the ageing history keeps figures for: the client as a whole, each family
 * (parent obligor), each value of dim1..dim3 (0: customers without one), and each field officer's
 * (guest) and area sales manager's (representative) own customers.
 */
export const HISTORY_LEVELS = ['client', 'family', 'dim1', 'dim2', 'dim3', 'guest', 'representative'] as const;
export type HistoryLevel = (typeof HISTORY_LEVELS)[number];

/**
 * What is known to make a figure miss its target, keyed by benchmark call id (calls.ts) or by the
 * benchmark (OTHER_CAUSES). docs/benchmarks.md prints one line per gap with its cause from here, or
 * "cause not established". Add a cause when a profile or a plan has shown it, not a guess.
 */
import type { DbKind } from './dataset';

export type CallGap = 'p95' | 'ratio';

interface KnownCause {
  gap: CallGap;
  /** Only on this database; both when absent. */
  db?: DbKind;
  cause: string;
}

export const CALL_CAUSES: Record<string, KnownCause[]> = {
  'parents-guest-backdated': [
    {
      gap: 'p95',
      cause:
        "one probe of the ageing history's obligor tier for each of the field officer's customers, summed into families before a page can be ranked ([decision 0003](decisions/0003-ageing-history-tiers.md))",
    },
  ],
  'customers-filtered': [
    {
      gap: 'p95',
      cause: "the day's customer rollup rows (about 50,000, 20,000 of them LARGE) summed per family before the filter",
    },
  ],
  'portal-statement-xlsx': [
    { gap: 'p95', cause: "its slowest runs are the first ones, while V8 compiles ExcelJS's writer" },
  ],
  worklist: [
    { gap: 'p95', db: 'pglite', cause: 'its two reads run one after the other on the one connection of PGlite' },
  ],
  'worklist-guest': [
    { gap: 'p95', db: 'pglite', cause: 'its two reads run one after the other on the one connection of PGlite' },
  ],
  'family-backdated': [
    { gap: 'ratio', cause: 'the baseline of one family is itself fast (a few hundred invoices), not the call slow' },
  ],
  'invoice-search': [{ gap: 'ratio', cause: 'its baseline is an index lookup too' }],
};

export type OtherGap = 'lcp' | 'import-rate' | 'rollups-ready' | 'throughput' | 'report-rss';

export const OTHER_CAUSES: Partial<Record<OtherGap, string>> = {
  'import-rate': 'PostgreSQL writing the rows and their index entries, on one core',
  'rollups-ready': "the rollups' rebuild after the commit runs on one core",
};

export const NO_CAUSE = 'cause not established';

export function callCause(id: string, gap: CallGap, db: DbKind): string {
  return CALL_CAUSES[id]?.find((c) => c.gap === gap && (c.db === undefined || c.db === db))?.cause ?? NO_CAUSE;
}

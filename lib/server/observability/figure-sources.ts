import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which source answered an ageing figure: the day's rollups, the ageing history, or the ledger itself
 * (lib/server/receivables/ageing-view.ts and ageing-query.ts decide, per read and date). The request
 * log records them for every API call and every call a page makes, so that "why does page A show
 * another number than page B" can be settled from the log (docs/architecture.md#where-a-figure-comes-from).
 */
export type FigureTier = 'rollup' | 'history' | 'ledger';

export interface FigureSource {
  /** The ageing read, in words of the code: 'obligors', 'families', 'client totals', 'by dimension'. */
  read: string;
  tier: FigureTier;
}

const notes = new AsyncLocalStorage<FigureSource[]>();

/** Notes, for the request being served, that an ageing read was answered from `tier`. */
export function noteSource(read: string, tier: FigureTier): void {
  const list = notes.getStore();
  if (list && !list.some((n) => n.read === read && n.tier === tier)) list.push({ read, tier });
}

/** Runs `work`, collecting the sources its ageing reads were answered from. */
export async function withSources<T>(work: () => Promise<T>): Promise<{ result: T; sources: FigureSource[] }> {
  const sources: FigureSource[] = [];
  const result = await notes.run(sources, work);
  return { result, sources };
}

/** The sources as one short text for a log line: "families:history, client totals:rollup". */
export function sourcesText(sources: FigureSource[]): string | undefined {
  return sources.length ? sources.map((s) => `${s.read}:${s.tier}`).join(', ') : undefined;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gapsOf, renderBenchmarksPage } from '@/scripts/bench/page';
import { ZBenchSummary, type BenchSummary } from '@/scripts/bench/summary';

const read = (file: string) => readFileSync(path.resolve(__dirname, file), 'utf8');
const fixture = (): BenchSummary => ZBenchSummary.parse(JSON.parse(read('fixtures/bench-summary.json')));

describe('docs/benchmarks.md rendered from a run', () => {
  it('states the machine on one line with its reference statement, and the run day in India', () => {
    const page = renderBenchmarksPage(fixture());
    const machine = page.split('\n').filter((line) => line.startsWith('**Machine**'));
    expect(machine).toEqual([
      '**Machine**: 2 cores, Test CPU 9000, 8 GB, Node v20.20.0, PostgreSQL 15.14; reference statement 1,234 ms before the calls, 1,250 ms after.',
    ]);
    // 20:00 UTC on the 27th is 01:30 on the 28th in Asia/Kolkata.
    expect(page).toContain('Run of 28/11/2026, commit `abc1234`: `npm run bench`.');
    expect(page).toContain('10,20,488 documents');
  });

  it('puts every call in one table, a p95 over its target in bold', () => {
    const page = renderBenchmarksPage(fixture());
    expect(page).toContain('| Summary (today) | `summary` | history | 1.5 / 4.6 | 22.6 / 29.0 | 3,803 | 827x |');
    expect(page).toContain('| 49.4 / **54.0** | – | – | – |');
    expect(page).toContain('| 17.2 / 18.0 | 120 / **160** | – | – |');
    expect(page).toContain('| 17.6 | **2.6x** |');
  });

  it('gives one line per gap, with its known cause or "cause not established"', () => {
    const gaps = gapsOf(fixture());
    expect(gaps.map((g) => [g.subject, g.figure, g.target])).toEqual([
      ["A field officer's parent list (backdated), PostgreSQL", 'p95 54.0 ms', '50 ms'],
      ['Segmentation, PGlite', 'p95 160 ms', '150 ms'],
      ['Open-invoice search, PostgreSQL', '2.6x', '20x the baseline'],
      ['Import of 10,00,000 invoices, PostgreSQL', '22,731 rows/s', '25,000 rows/s'],
      ['Open invoices, page 1 over HTTP', 'p95 260 ms, 0 errors', 'under 250 ms'],
    ]);
    expect(gaps[0]!.cause).toMatch(/^one probe of the ageing history's obligor tier/);
    expect(gaps[1]!.cause).toBe('cause not established');
    expect(gaps[2]!.cause).toBe('its baseline is an index lookup too');
    expect(gaps[4]!.cause).toBe('cause not established');
    const page = renderBenchmarksPage(fixture());
    expect(page).toContain('- **Segmentation, PGlite**: p95 160 ms (target 150 ms): cause not established.');
  });

  it('says so when every figure is within its target', () => {
    const summary = fixture();
    summary.calls = summary.calls.filter((c) => c.id === 'summary');
    summary.imports = [];
    summary.throughput = undefined;
    expect(gapsOf(summary)).toEqual([]);
    expect(renderBenchmarksPage(summary)).toContain('None: every figure of this run is within its target.');
  });
});

describe('docs/benchmarks.md as committed', () => {
  const committed = read('../../docs/benchmarks.md');

  it('is the rendering of docs/benchmarks.json (else: npm run bench -- --render)', () => {
    const summary = ZBenchSummary.parse(JSON.parse(read('../../docs/benchmarks.json')));
    expect(committed === renderBenchmarksPage(summary), 'stale: run npm run bench -- --render').toBe(true);
  });

  it('stays within 300 lines and writes no history', () => {
    expect(committed.split('\n').length).toBeLessThanOrEqual(300);
    expect(committed).not.toMatch(/tried and not kept|before, after|runs?:\s*\d+,\s*\d+/i);
  });
});

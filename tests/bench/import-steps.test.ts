import { afterEach, describe, expect, it, vi } from 'vitest';
import { importStepTimer, stepsLine } from '@/scripts/bench/import-steps';

describe('import step timer', () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives each step the time to the next step, a file's row counts counting as its reading, the last step to the end", () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const timer = importStepTimer();
    const at = (ms: number, message: string) => {
      now = ms;
      timer.onProgress(message);
    };
    at(0, 'invoices.csv: reading');
    at(400, 'invoices.csv: 1,00,000 rows staged');
    at(900, 'invoices.csv: 10,00,000 rows staged');
    at(1000, 'validating references');
    at(1250, 'invoices.csv: writing');
    at(4000, 'settling the paid items');
    const steps = timer.steps(4500);
    expect(steps).toEqual([
      { step: 'invoices.csv: reading', seconds: 1 },
      { step: 'validating references', seconds: 0.25 },
      { step: 'invoices.csv: writing', seconds: 2.75 },
      { step: 'settling the paid items', seconds: 0.5 },
    ]);
    expect(stepsLine(steps)).toBe(
      'invoices.csv: reading 1 s; validating references 0.25 s; invoices.csv: writing 2.75 s; settling the paid items 0.5 s',
    );
  });

  it('keeps two readings of different files apart', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const timer = importStepTimer();
    timer.onProgress('obligors.csv: 50,000 rows staged');
    now = 100;
    timer.onProgress('invoices.csv: reading');
    expect(timer.steps(300).map((s) => s.step)).toEqual(['obligors.csv: reading', 'invoices.csv: reading']);
  });
});

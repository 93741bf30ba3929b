import { describe, expect, it } from 'vitest';
import { readAhead } from '@/lib/server/reports/workbook-writer';

describe('reading a later sheet ahead', () => {
  it('starts its first read at once, then gives every row in order', async () => {
    const started: number[] = [];
    const rows = (async function* () {
      for (let n = 1; n <= 3; n += 1) {
        started.push(n);
        yield n;
      }
    })();
    const ahead = readAhead(rows);
    await Promise.resolve();
    expect(started).toEqual([1]); // read before anyone asked for a row
    const out: number[] = [];
    for await (const n of ahead) out.push(n);
    expect(out).toEqual([1, 2, 3]);
  });

  it('a first read that fails is no unhandled rejection: the failure comes when the sheet is written', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const ahead = readAhead(
        (async function* () {
          yield* [];
          throw new Error('read failed');
        })(),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      await expect(
        (async () => {
          for await (const row of ahead) void row;
        })(),
      ).rejects.toThrow('read failed');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

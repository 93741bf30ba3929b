import { describe, expect, it } from 'vitest';
import { isWaiting, nextAction, worklistPriority, type WorklistFacts } from '@/lib/domain/worklist';

const base: WorklistFacts = {
  overdue: 0,
  oldestBucket: 1,
  rating: null,
  brokenPromises: 0,
  promisedToday: 0,
  nextPromiseDate: null,
  nextPromiseAmount: 0,
  disputed: 0,
  chequesReturned: 0,
  daysSinceContact: 0,
};

describe('worklist priority (hand-computed)', () => {
  it('gives the largest, oldest, riskiest family with a broken promise the most points', () => {
    // amount 35 (the largest) + age 25 (over b3) + risk 10 (high) + broken 5 + silence floor(12 / 3) = 4
    const a = {
      ...base,
      overdue: 100_000,
      oldestBucket: 4 as const,
      rating: 'high' as const,
      brokenPromises: 1,
      daysSinceContact: 12,
    };
    expect(worklistPriority(a, 100_000)).toBe(79);
  });

  it('scores the amount on a log scale against the largest overdue of the list', () => {
    // 35 x ln(1001) / ln(100001) = 21.003; + age 5 + unrated 3 + never contacted 10 = 39.003
    const b = { ...base, overdue: 1000, daysSinceContact: null };
    expect(worklistPriority(b, 100_000)).toBe(39);
  });

  it('halves a family waiting on a promise not yet due', () => {
    // 35 x ln(50001) / ln(100001) = 32.893; + age 12 + low 0 + silence 0 = 44.893; halved 22.446
    const c = {
      ...base,
      overdue: 50_000,
      oldestBucket: 2 as const,
      rating: 'low' as const,
      nextPromiseDate: '2026-11-30',
      daysSinceContact: 2,
    };
    expect(isWaiting(c)).toBe(true);
    expect(worklistPriority(c, 100_000)).toBe(22.4);
  });

  it('adds 10 for a promise due today and caps broken promises and silence at 10 each', () => {
    const d = { ...base, overdue: 100, promisedToday: 100, brokenPromises: 5, daysSinceContact: 300 };
    // amount 35 (it is the largest) + age 5 + unrated 3 + broken 10 + today 10 + silence 10
    expect(worklistPriority(d, 100)).toBe(73);
  });

  it('adds 3 for each cheque returned in 12 months, at most 6, and cuts the total at 100', () => {
    // 35 x ln(1001) / ln(100001) = 21.003; + age 5 + unrated 3 + never contacted 10 = 39.003; + 3 for one bounce
    const one = { ...base, overdue: 1000, daysSinceContact: null, chequesReturned: 1 };
    expect(worklistPriority(one, 100_000)).toBe(42);
    // Three bounces count 6, not 9: 39.003 + 6 = 45.003
    expect(worklistPriority({ ...one, chequesReturned: 3 }, 100_000)).toBe(45);
    // amount 35 + age 25 + high 10 + broken 10 + today 10 + silence 10 = 100; + 6 for the bounces: still 100
    const worst = {
      ...base,
      overdue: 100,
      oldestBucket: 4 as const,
      rating: 'high' as const,
      brokenPromises: 2,
      promisedToday: 100,
      daysSinceContact: null,
      chequesReturned: 2,
    };
    expect(worklistPriority(worst, 100)).toBe(100);
  });

  it('halves a family whose whole overdue is disputed', () => {
    const g = { ...base, overdue: 100, disputed: 100, daysSinceContact: 30 };
    // (35 + 5 + 3 + 10) / 2
    expect(worklistPriority(g, 100)).toBe(26.5);
  });
});

describe('next action', () => {
  it('checks a promise due today before anything else', () => {
    expect(nextAction({ ...base, overdue: 10, promisedToday: 10, brokenPromises: 2, oldestBucket: 4 })).toBe(
      'CHECK_PROMISE',
    );
  });
  it('calls about a broken promise unless the family was spoken to today', () => {
    expect(nextAction({ ...base, overdue: 10, brokenPromises: 1, daysSinceContact: 3 })).toBe('CALL_BROKEN_PROMISE');
    expect(nextAction({ ...base, overdue: 10, brokenPromises: 1, daysSinceContact: 0 })).toBe('SEND_REMINDER');
  });
  it('resolves a dispute covering the whole overdue, waits for a running promise', () => {
    expect(nextAction({ ...base, overdue: 10, disputed: 10 })).toBe('RESOLVE_DISPUTE');
    expect(nextAction({ ...base, overdue: 10, nextPromiseDate: '2026-12-01', oldestBucket: 4 })).toBe(
      'WAIT_FOR_PROMISE',
    );
  });
  it('puts it in writing after a recent call, escalates debt past b2, calls after a week of silence, else reminds', () => {
    expect(nextAction({ ...base, overdue: 10, oldestBucket: 4, daysSinceContact: 2 })).toBe('SEND_REMINDER');
    expect(nextAction({ ...base, overdue: 10, oldestBucket: 3, daysSinceContact: 3 })).toBe('ESCALATE');
    expect(nextAction({ ...base, overdue: 10, daysSinceContact: 7 })).toBe('CALL');
    expect(nextAction({ ...base, overdue: 10, daysSinceContact: null })).toBe('CALL');
    expect(nextAction({ ...base, overdue: 10, daysSinceContact: 6 })).toBe('SEND_REMINDER');
  });
});

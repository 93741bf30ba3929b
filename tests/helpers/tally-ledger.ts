import { TODAY } from '../imports/helpers';

/**
 * The ledger of TALLY_BATCH (tests/imports/helpers.ts), a client's receipts on account, advances and their
 * allocations: its figures at dates before and after each event, worked out by hand from the ledger there.
 */
export const EXPECTED: Record<string, Record<string, number>> = {
  // INV1 40,000 at 30 days past due; nothing received on account yet.
  '2026-09-30': {
    current: 0,
    crdBucket1: 40000,
    crdBucket2: 0,
    crdBucket3: 0,
    outstanding: 40000,
    unallocated: 0,
    netBalance: 40000,
  },
  // RC2 received, not yet allocated: INV1 40,000 at 40 days, INV2 30,000 current.
  '2026-10-10': {
    current: 30000,
    crdBucket1: 0,
    crdBucket2: 40000,
    crdBucket3: 0,
    outstanding: 70000,
    unallocated: -35000,
    netBalance: 35000,
  },
  // 25,000 of RC2 on INV1 (15,000 left at 61 days); the advance RC3 is S1's, with no invoice yet.
  '2026-10-31': {
    current: 30000,
    crdBucket1: 0,
    crdBucket2: 0,
    crdBucket3: 15000,
    outstanding: 45000,
    unallocated: -25000,
    netBalance: 20000,
  },
  // INV3 issued the day before the advance is applied to it.
  '2026-11-05': {
    current: 50000,
    crdBucket1: 0,
    crdBucket2: 0,
    crdBucket3: 15000,
    outstanding: 65000,
    unallocated: -25000,
    netBalance: 40000,
  },
  // Everything allocated but 5,000 of RC2: INV1 15,000 at 81 days, INV2 25,000 at 11 days, INV3 5,000 current.
  [TODAY]: {
    current: 5000,
    crdBucket1: 25000,
    crdBucket2: 0,
    crdBucket3: 15000,
    outstanding: 45000,
    unallocated: -5000,
    netBalance: 40000,
  },
};
export const DATES = Object.keys(EXPECTED).sort();

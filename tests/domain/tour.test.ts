import { describe, expect, it } from 'vitest';
import { effectiveAccess, type AccessProfile } from '@/lib/domain/access';
import { tourSteps } from '@/lib/domain/tour';

const groups = (profile: AccessProfile) => tourSteps(profile, 'Region').map((s) => s.group);

describe('tourSteps', () => {
  it('walks admin and root through six menu groups in menu order', () => {
    const expected = ['COMPANY SUMMARY', 'MY CUSTOMERS', 'RECEIVABLES', 'REPORTS', 'BUSINESS PERFORMANCE', 'TASKS'];
    expect(groups(effectiveAccess('borrowers', 'admin', []))).toEqual(expected);
    expect(groups(effectiveAccess('borrowers', 'root', []))).toEqual(expected);
  });

  it("names the performance step after the client's first dimension", () => {
    const step = tourSteps(effectiveAccess('borrowers', 'admin', []), 'Region').find(
      (s) => s.group === 'BUSINESS PERFORMANCE',
    );
    expect(step?.title).toBe('Region Performance');
  });

  it('gives everyone else Receivables and Tasks, whatever else they may see', () => {
    const guest: AccessProfile = {
      userType: 'borrowers',
      role: 'guest',
      pages: ['MY CUSTOMERS', 'RECEIVABLES', 'TASKS'],
      permissions: [],
    };
    expect(groups(guest)).toEqual(['RECEIVABLES', 'TASKS']);
    const representative: AccessProfile = {
      ...guest,
      role: 'representative',
      pages: ['COMPANY SUMMARY', 'MY CUSTOMERS', 'RECEIVABLES', 'BUSINESS PERFORMANCE', 'TASKS', 'CREDIT LIMIT'],
    };
    expect(groups(representative)).toEqual(['RECEIVABLES', 'TASKS']);
    // No permission data: the fallback menu is Receivables and Tasks.
    expect(groups(effectiveAccess('borrowers', 'member', []))).toEqual(['RECEIVABLES', 'TASKS']);
  });

  it('skips a step whose menu entry the user does not have', () => {
    expect(groups({ userType: 'borrowers', role: 'member', pages: ['TASKS'], permissions: [] })).toEqual(['TASKS']);
  });

  it('gives portal-only users and investors no tour', () => {
    expect(
      tourSteps(
        { userType: 'borrowers', role: 'member', pages: ['CUSTOMER PORTAL', 'RECEIVABLES'], permissions: [] },
        'Region',
      ),
    ).toEqual([]);
    expect(tourSteps(effectiveAccess('investors', 'investor', []), 'Region')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { sealSession, unsealSession, type SessionData } from '@/lib/server/auth/session-cookie';

const SESSION: SessionData = {
  userId: 7,
  clientId: 3,
  clientName: 'Vardhman Trading Company Pvt Ltd',
  name: 'Priya Raghavan',
  sessionVersion: 1,
  sid: 'c5d2a3c0-4f7e-4a5e-9b1e-0d3f2c1b7a60',
  userType: 'borrowers',
  role: 'admin',
  pageFeatures: [],
  permissions: [],
} as unknown as SessionData;

describe('the session cookie, opened once a minute at most', () => {
  it('opens the same cookie to the same session, each caller its own copy', async () => {
    const cookie = await sealSession(SESSION);
    const first = await unsealSession(cookie);
    expect(first).toMatchObject({ userId: 7, clientId: 3, sid: SESSION.sid });
    first!.userId = 99; // a caller changing its copy changes nobody else's
    expect(await unsealSession(cookie)).toMatchObject({ userId: 7, clientId: 3 });
  });

  it('refuses a cookie changed in any character, even after the genuine one was opened', async () => {
    const cookie = await sealSession(SESSION);
    expect(await unsealSession(cookie)).not.toBeNull();
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    expect(await unsealSession(`${cookie.slice(0, -1)}${last}`)).toBeNull();
    const parts = cookie.split('*');
    parts[4] = `${parts[4]!.slice(0, -2)}xx`; // the sealed data
    expect(await unsealSession(parts.join('*'))).toBeNull();
    expect(await unsealSession(undefined)).toBeNull();
    expect(await unsealSession('not a seal')).toBeNull();
  });
});

import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { isSessionCurrent } from './current-session';
import { readSession, type SessionData } from './session-cookie';

/**
 * The signed-in user of a server-rendered page. The proxy already sent strangers to sign-in; this
 * checks again (and that the session was not ended elsewhere) because the proxy is only the first gate.
 */
export async function requirePageSession(): Promise<SessionData> {
  const store = await cookies();
  const session = await readSession((name) => store.get(name)?.value);
  // A stale cookie is cleared by a route handler (pages cannot set cookies), then sign-in follows.
  if (!session || !(await isSessionCurrent(await getDb(), session))) redirect('/api/session_expired');
  return session;
}

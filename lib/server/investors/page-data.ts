import 'server-only';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/lib/db/client';
import { requirePageSession } from '@/lib/server/auth/page-session';

/** The investor firm of the signed-in user and the database, once per request. */
export const investorContext = cache(async () => {
  const session = await requirePageSession();
  // The proxy already keeps borrowers out of /investors; a page checks again (defence in depth).
  if (session.userType !== 'investors') redirect('/');
  return { session, db: await getDb(), clientId: session.clientId };
});

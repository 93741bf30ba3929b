import 'server-only';
import type { UserType } from '@/lib/domain/features';
import { apiRoute } from '@/lib/server/api/handler';
import { notFound } from '@/lib/server/domain-errors';
import { findUser, loadAccessProfile, toUserDto } from './load-user';

/** GET /api/{borrowers|investors}/user: the signed-in user, for that user type only. */
export function currentUserRoute(userType: UserType) {
  return apiRoute({ userType }, async ({ db, session }) => {
    const user = await findUser(db, session.clientId, session.userId);
    if (!user) throw notFound('User');
    return toUserDto(user, await loadAccessProfile(db, user));
  });
}

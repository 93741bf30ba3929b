import { currentUserRoute } from '@/lib/server/users/current-user-route';

export const GET = currentUserRoute('borrowers');

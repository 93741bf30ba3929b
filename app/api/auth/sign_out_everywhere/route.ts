import { route } from '@/lib/server/api/route';
import { accounts } from '@/lib/server/calls/accounts';

export const POST = route(accounts.signOutEverywhere);

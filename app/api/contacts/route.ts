import { route } from '@/lib/server/api/route';
import { contacts } from '@/lib/server/calls/contacts';

export const GET = route(contacts.list);
export const POST = route(contacts.create);

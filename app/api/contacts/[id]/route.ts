import { route } from '@/lib/server/api/route';
import { contacts } from '@/lib/server/calls/contacts';

export const GET = route(contacts.get);
export const POST = route(contacts.edit);
export const DELETE = route(contacts.remove);

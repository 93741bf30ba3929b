import { route } from '@/lib/server/api/route';
import { customerDoor } from '@/lib/server/calls/customer-door';

export const GET = route(customerDoor.listUsers);
export const POST = route(customerDoor.invite);

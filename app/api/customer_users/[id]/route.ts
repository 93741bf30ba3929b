import { route } from '@/lib/server/api/route';
import { customerDoor } from '@/lib/server/calls/customer-door';

export const DELETE = route(customerDoor.remove);

import { route } from '@/lib/server/api/route';
import { customers } from '@/lib/server/calls/customers';

export const GET = route(customers.dso);

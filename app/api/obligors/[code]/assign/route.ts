import { route } from '@/lib/server/api/route';
import { manageCustomers } from '@/lib/server/calls/manage-customers';

export const POST = route(manageCustomers.assign);

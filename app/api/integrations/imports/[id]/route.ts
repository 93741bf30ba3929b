import { route } from '@/lib/server/api/route';
import { imports } from '@/lib/server/calls/imports';

export const GET = route(imports.get);

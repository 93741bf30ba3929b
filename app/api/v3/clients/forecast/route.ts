import { route } from '@/lib/server/api/route';
import { forecast } from '@/lib/server/calls/forecast';

export const GET = route(forecast.forecast);

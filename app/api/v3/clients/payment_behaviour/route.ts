import { route } from '@/lib/server/api/route';
import { paymentBehaviour } from '@/lib/server/calls/payment-behaviour';

export const GET = route(paymentBehaviour.behaviour);

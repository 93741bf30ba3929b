import 'server-only';
import { paymentBehaviourCalls } from '@/lib/contract/payment-behaviour';
import { customerPaymentBehaviour } from '@/lib/server/behaviour/payment-behaviour';
import { implement } from './serve';

export const paymentBehaviour = implement('paymentBehaviour', paymentBehaviourCalls, {
  behaviour: ({ db, session, scope, query }) =>
    customerPaymentBehaviour(db, session.clientId, scope, query.sysObligorCode, query.date),
});

import 'server-only';
import { forecastCalls } from '@/lib/contract/forecast';
import { cashForecast } from '@/lib/server/forecast/cash-forecast';
import { paymentPredictions } from '@/lib/server/forecast/payment-predictions';
import { implement } from './serve';

export const forecast = implement('forecast', forecastCalls, {
  paymentPredictions: ({ db, session, scope, query }) =>
    paymentPredictions(db, session.clientId, scope, query.sysObligorCode, query.date),
  forecast: ({ db, session, scope, query }) => cashForecast(db, session.clientId, scope, query, query.date),
});

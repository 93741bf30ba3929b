import 'server-only';
import { kpiCalls } from '@/lib/contract/kpis';
import { collectionKpis } from '@/lib/server/kpis/collection-kpis';
import { implement } from './serve';

export const kpis = implement('kpis', kpiCalls, {
  kpis: ({ db, session, scope, query }) => collectionKpis(db, session.clientId, scope, query),
});

import 'server-only';
import { clientCalls } from '@/lib/contract/clients';
import {
  ageingBuckets,
  clientFeatureList,
  clientSettings,
  dataUpdateTime,
  dimensionNames,
  dimensionValueList,
  distinctDimension,
  emailTemplate,
} from '@/lib/server/clients/client-settings';
import { implement } from './serve';

export const clients = implement('clients', clientCalls, {
  settings: ({ db, session }) => clientSettings(db, session.clientId),
  ageingBuckets: ({ db, session }) => ageingBuckets(db, session.clientId),
  dimensions: ({ db, session }) => dimensionNames(db, session.clientId),
  dimensionValues: ({ db, session }) => dimensionValueList(db, session.clientId),
  dataUpdateTime: ({ db, session }) => dataUpdateTime(db, session.clientId),
  features: ({ db, session }) => clientFeatureList(db, session.clientId),
  emailTemplate: ({ db, session }) => emailTemplate(db, session.clientId),
  distinctDim1: ({ db, session }) => distinctDimension(db, session.clientId, 1),
  distinctDim2: ({ db, session }) => distinctDimension(db, session.clientId, 2),
});

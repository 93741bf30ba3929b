import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../helpers/db';
import { ageingTwins } from './ageing.twin';
import { creditHoldTwin } from './credit-holds.twin';
import { daysToPayTwin } from './days-to-pay.twin';
import { dimGroupTwin } from './dim-groups.twin';
import { familyTwins } from './families.twin';
import { moneyOnAccountTwin } from './money-on-account.twin';
import { openInvoiceTwin } from './open-invoices.twin';
import { paymentBehaviourTwin } from './payment-behaviour.twin';
import { promiseTwin } from './promises.twin';
import { ratingShiftTwin } from './ratings.twin';
import { twinClients, type Twins } from './twin-helpers';

/**
 * Every rule written both in TypeScript (lib/domain) and in SQL, held equal on generated ledgers
 * (tests/helpers/generated-ledger.ts: three seeds, several dates each), one describe per twin; the
 * table of twins is in docs/architecture.md. One database for all of them: loading the ledgers is
 * most of the time. Run one twin with `-t`, e.g. `npx vitest run tests/twins -t 'credit holds'`.
 */
let database: TestDatabase;
const twins = {} as Twins;
beforeAll(async () => {
  const loaded = await twinClients();
  database = loaded.database;
  Object.assign(twins, { db: database.db, clients: loaded.clients });
});
afterAll(() => database?.dispose());

ageingTwins(twins);
openInvoiceTwin(twins);
moneyOnAccountTwin(twins);
familyTwins(twins);
dimGroupTwin(twins);
ratingShiftTwin(twins);
paymentBehaviourTwin(twins);
daysToPayTwin(twins);
// Promise checking rewrites the promises' statuses day by day; credit holds check them again today.
promiseTwin(twins);
creditHoldTwin(twins);

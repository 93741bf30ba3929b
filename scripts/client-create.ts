/**
 * npm run client:create -- --code ACME --name "Acme Distributors Pvt Ltd" [--currency INR] [--locale en-IN]
 *   [--buckets 30,60,90] [--dims Region,Branch,Channel] --admin-email a@acme.test --admin-password '...'
 *   [--admin-name "..."] [--no-wait]
 *
 * Creates a borrower client with its default roles, page permissions and first administrator in
 * DATABASE_URL (PostgreSQL) or the embedded PGlite. An error changes nothing.
 */
import { parseArgs } from 'node:util';
import { ClientSetupError, createClient, parseBuckets, parseDims } from '@/lib/server/imports/create-client';
import { openForCli } from './cli-database';
import { runCli } from './run-cli';

const USAGE = `usage: npm run client:create -- --code ACME --name "Acme Distributors Pvt Ltd" [--currency INR] [--locale en-IN]
       [--buckets 30,60,90] [--dims Region,Branch,Channel] --admin-email a@acme.test --admin-password '...'
       [--admin-name "Administrator"] [--no-wait]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      code: { type: 'string' },
      name: { type: 'string' },
      currency: { type: 'string', default: 'INR' },
      locale: { type: 'string', default: 'en-IN' },
      buckets: { type: 'string', default: '30,60,90' },
      dims: { type: 'string', default: 'Region,Branch,Channel' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'admin-name': { type: 'string', default: 'Administrator' },
      'no-wait': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const missing = (['code', 'name', 'admin-email', 'admin-password'] as const).filter((k) => !values[k]);
  if (missing.length) {
    console.error(`missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  let input;
  try {
    input = {
      code: values.code!,
      name: values.name!,
      currency: values.currency,
      locale: values.locale,
      buckets: parseBuckets(values.buckets),
      dims: parseDims(values.dims),
      adminEmail: values['admin-email']!,
      adminPassword: values['admin-password']!,
      adminName: values['admin-name'],
    };
  } catch (error) {
    if (error instanceof ClientSetupError) {
      console.error(`client:create: ${error.message}; nothing was changed`);
      return 2;
    }
    throw error;
  }
  const database = await openForCli({ wait: !values['no-wait'], log: (m) => console.error(m) });
  if (!database) return 3;
  try {
    const { clientId, adminUserId } = await createClient(database.db, input);
    console.log(
      `Created client ${input.code} (id ${clientId}) "${input.name}": ${input.currency}, ${input.locale}, ` +
        `buckets ${input.buckets.join('/')}, dimensions ${input.dims.join(', ')}.`,
    );
    console.log(`Administrator ${input.adminEmail.toLowerCase()} (user ${adminUserId}) can sign in now.`);
    console.log(
      `Next: npm run import -- --client ${input.code} <folder with obligors.csv, invoices.csv, payments.csv, ratings.csv>`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ClientSetupError) {
      console.error(`client:create: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);

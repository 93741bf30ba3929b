/**
 * npm run audit:check [-- --prune] [--no-wait]
 *
 * Walks every client's edit log (the hash chain of audit_log) and names, per client, the first
 * broken link: an entry changed after it was written, one missing, or one relinked. Exit code 0
 * when every chain is intact, 4 when one is broken. With --prune it first removes the entries past
 * their 8 years of retention (the only ones the database lets go).
 */
import { parseArgs } from 'node:util';
import { checkEveryAuditChain, pruneAuditLog } from '@/lib/server/audit/check-chain';
import { openForCli } from './cli-database';
import { runCli } from './run-cli';

const USAGE = 'usage: npm run audit:check [-- --prune] [--no-wait]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      prune: { type: 'boolean', default: false },
      'no-wait': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const database = await openForCli({ wait: !values['no-wait'], log: (m) => console.error(m) });
  if (!database) return 3;
  try {
    if (values.prune) console.log(`Pruned ${await pruneAuditLog(database.db)} entries older than 8 years.`);
    const checks = await checkEveryAuditChain(database.db);
    for (const { code, check } of checks) {
      const b = check.brokenAt;
      console.log(
        b
          ? `${code}: BROKEN at entry #${b.seq} (id ${b.id}, ${b.at}): ${b.reason}`
          : `${code}: intact, ${check.entries} entries${check.firstSeq && check.firstSeq > 1 ? ` from #${check.firstSeq}` : ''}`,
      );
    }
    return checks.every((c) => c.check.intact) ? 0 : 4;
  } finally {
    await database.close();
  }
}

runCli(main, USAGE);

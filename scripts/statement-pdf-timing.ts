/**
 * Times the customer's statement as a PDF on the data of a PGlite folder (DATA_DIR, e.g. one made
 * by `npm run db:setup`): the family with the largest overdue, two years to today, as the
 * benchmark's `portal-statement-pdf` call, and the workbook (`portal-statement-xlsx`). Prints the
 * median and the fastest of the wall and CPU time of RUNS runs after two warm-ups, and the same for
 * the statement's reads alone (what the PDF reads, no PDF), so that a change to the template can be
 * measured apart from the database. A customer code and a first day may be given instead.
 *
 *   DATA_DIR=... npx tsx --conditions=react-server scripts/statement-pdf-timing.ts [runs] [out.pdf] [code] [fromDate]
 */
import { writeFileSync } from 'node:fs';
import { parseISO, subYears } from 'date-fns';
import { eq } from 'drizzle-orm';
import { openDatabase, type Db } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { iso } from '@/lib/domain/dates';
import { clientToday } from '@/lib/server/clients/client-day';
import { statementInterest } from '@/lib/server/msme/statement-interest';
import { ledgerLines } from '@/lib/server/portal/ledger';
import { allOpenItems, openItemsSummary, unallocatedAt } from '@/lib/server/portal/open-items';
import { partiesOf } from '@/lib/server/portal/pdf-template';
import { statementBasis, statementEntriesSql } from '@/lib/server/portal/statement';
import { statementPdf } from '@/lib/server/portal/statement-pdf';
import { statementDownload } from '@/lib/server/portal/statement-xlsx';
import { callContext } from './bench/calls';

type Timing = { wall: number; cpu: number };

async function timed(runs: number, fn: () => Promise<unknown>): Promise<Timing[]> {
  const out: Timing[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(cpu);
    if (i >= 2) out.push({ wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 });
  }
  return out;
}

function line(label: string, timings: Timing[]): string {
  const of = (k: keyof Timing) => timings.map((t) => t[k]).sort((a, b) => a - b);
  const [wall, cpu] = [of('wall'), of('cpu')];
  const median = (v: number[]) => v[v.length >> 1]!.toFixed(1);
  return `${label.padEnd(10)} wall median ${median(wall)} ms (min ${wall[0]!.toFixed(1)}), cpu median ${median(cpu)} ms (min ${cpu[0]!.toFixed(1)})`;
}

/** Every read statementPdf makes, consumed without drawing. */
async function readsOnly(db: Db, clientId: number, code: string, fromDate: string) {
  const s = await statementBasis(db, clientId, { sysObligorCode: code, fromDate });
  const { members, toDate, opening, boundaries } = s;
  await Promise.all([
    openItemsSummary(db, clientId, members, toDate, boundaries),
    unallocatedAt(db, clientId, members, toDate),
    partiesOf(db, clientId, s.code),
    statementInterest(db, clientId, members, toDate),
  ]);
  let n = 0;
  for await (const _ of ledgerLines(db, statementEntriesSql(clientId, members, fromDate, toDate), opening)) n++;
  for await (const _ of allOpenItems(db, clientId, members, toDate, boundaries)) n++;
  return n;
}

async function main() {
  const runs = Number(process.argv[2] ?? 10);
  const database = await openDatabase({});
  try {
    const { db } = database;
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'VARDHMAN'));
    if (!client) throw new Error('no client VARDHMAN: is DATA_DIR seeded?');
    const today = await clientToday(db, client.id);
    const code = process.argv[4] ?? (await callContext(db, client.id, today)).familyCode;
    const fromDate = process.argv[5] ?? iso(subYears(parseISO(today), 2));
    const pdf = Buffer.from(
      await (await statementPdf(db, client.id, { sysObligorCode: code, fromDate })).arrayBuffer(),
    );
    if (process.argv[3]) writeFileSync(process.argv[3], pdf);
    const rows = await readsOnly(db, client.id, code, fromDate);
    console.log(`family ${code} from ${fromDate}: ${rows} lines and open items, ${pdf.length} bytes`);
    console.log(line('reads', await timed(runs, () => readsOnly(db, client.id, code, fromDate))));
    const render = () => statementPdf(db, client.id, { sysObligorCode: code, fromDate }).then((r) => r.arrayBuffer());
    console.log(line('pdf', await timed(runs, render)));
    const workbook = () =>
      statementDownload(db, client.id, { sysObligorCode: code, fromDate }).then((r) => r.arrayBuffer());
    console.log(line('xlsx', await timed(runs, workbook)));
  } finally {
    await database.close();
  }
}

void main();

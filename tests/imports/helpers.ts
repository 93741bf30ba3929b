import { Readable } from 'node:stream';
import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { createClient } from '@/lib/server/imports/create-client';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import type { ImportSource } from '@/lib/server/imports/read-file';
import * as importsRoute from '@/app/api/integrations/imports/route';
import { sessionCookieFor } from '../helpers/api';
import { createTestDatabase } from '../helpers/db';

export const TODAY = '2026-11-20';
export const PASSWORD = 'Kolhapur#2026';

/** A fresh borrower client (buckets 30/60/90) with its administrator. */
export async function newClient(db: Db, code: string) {
  const email = `admin@${code.toLowerCase()}.test`;
  const { clientId } = await createClient(db, {
    code,
    name: `${code} Traders Pvt Ltd`,
    currency: 'INR',
    locale: 'en-IN',
    buckets: [30, 60, 90],
    dims: ['Region', 'Branch', 'Channel'],
    adminEmail: email,
    adminName: 'Anita Desai',
    adminPassword: PASSWORD,
  });
  return { clientId, email };
}

/** A fresh test database with the HAND client, and its administrator's session cookie. */
export async function handClientDatabase() {
  const database = await createTestDatabase();
  const hand = await newClient(database.db, 'HAND');
  const { cookie } = await sessionCookieFor(database.db, hand.email, PASSWORD);
  return { database, hand, cookie };
}

/** An in-memory file of the batch. */
export function file(name: string, content: string | Buffer): ImportSource {
  return { name, open: () => Readable.from([typeof content === 'string' ? Buffer.from(content) : content]) };
}

export const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/**
 * The hand-computed ledger of tests/api/receivables.test.ts as import files, in both date styles
 * and both digit groupings; as of 2026-11-20 it ages to the figures asserted there.
 */
export const HAND_BATCH = {
  'obligors.csv': csv([
    'sys_obligor_code,name,parent_sys_obligor_code,credit_limit,dim1',
    'P1,Parent Group,,"5,00,000",North',
    'S1,Solo Stores,,"40,000.00",South',
    'C1,Child One,P1,"1,00,000",North',
    'C2,"Child Two, Branch ""B""",P1,,South',
  ]),
  'ratings.csv': csv(['sys_obligor_code,rating_date,rating', 'C1,2026-10-01,1', 'C1,25/11/2026,3', 'C2,01-01-2026,2']),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,currency',
    'I1,INV/I1,C1,,2026-10-21,2026-11-20,"10,000.00",INR',
    'I2,INV/I2,C1,INVOICE,01/08/2026,31/08/2026,25000,',
    'CN1,INV/CN1,C1,CREDIT_NOTE,10-11-2026,,"2,000",INR',
    'I3,INV/I3,C2,,2026-06-01,2026-07-01,"40,000.00",',
    'I4,INV/I4,C2,,2026-07-15,,"15,000.00",',
    'I5,INV/I5,C2,,2026-12-01,2026-12-31,9000.00,',
    'I6,INV/I6,S1,,2026-10-05,2026-10-20,"7,500.00",',
  ]),
  'payments.csv': csv([
    'payment_ref,sys_invoice_num,paid_date,amount',
    'R1,I2,2026-09-15,"5,000.00"',
    'R2,I2,25/11/2026,5000',
    'R3,I3,20-07-2026,"40,000"',
    'R4,I4,2026-10-01,5000.00',
  ]),
};

/**
 * A ledger kept as Tally keeps it: a payment against a bill (Agst Ref), money on account allocated
 * later to two bills, and an advance received before the invoice it later pays. Every figure below
 * is worked out by hand (buckets 30/60/90, days past due):
 *
 *   INV1  A1  issued 01/08, due 31/08  50,000   RC1 Agst Ref 10,000 on 10/09; 25,000 of RC2 from 15/10
 *   INV2  A1  issued 10/10, due 09/11  30,000   5,000 of RC2 from 12/11
 *   INV3  S1  issued 05/11, due 05/12  20,000   15,000 of RC3 from 06/11
 *   RC2   A1  On Account 35,000 on 01/10 (allocated 25,000 on 15/10 and 5,000 on 12/11)
 *   RC3   S1  Advance    15,000 on 20/10 (allocated whole on 06/11)
 */
export const TALLY_BATCH = {
  'obligors.csv': csv([
    'sys_obligor_code,name,parent_sys_obligor_code',
    'P1,Patil Distributors,',
    'A1,Anand Agencies,P1',
    'S1,Shree Sai Traders,',
  ]),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
    'INV1,TLY-101,A1,01/08/2026,31/08/2026,"50,000.00"',
    'INV2,TLY-102,A1,10/10/2026,09/11/2026,"30,000.00"',
    'INV3,TLY-103,S1,05/11/2026,05/12/2026,"20,000.00"',
  ]),
  'payments.csv': csv([
    'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
    'RC1,INV1,,Agst Ref,10/09/2026,"10,000.00"',
    'RC2,,A1,On Account,01/10/2026,"35,000.00"',
    'RC3,,S1,Advance,20/10/2026,"15,000.00"',
  ]),
  'allocations.csv': csv([
    'payment_ref,sys_invoice_num,amount,allocated_date',
    'RC2,INV1,"25,000.00",15/10/2026',
    'RC2,INV2,"5,000.00",12/11/2026',
    'RC3,INV3,"15,000.00",06/11/2026',
  ]),
};

/**
 * Notes raised against an invoice, worked out by hand in tests/api/notes-against-invoices.test.ts:
 * a return against a 90+ invoice (CN1), a rate difference added to a recent one (DN1), a note that
 * closes what was left of an invoice (CN3), and a credit note standing alone (CN2).
 */
export const NOTES_BATCH = {
  'obligors.csv': csv(['sys_obligor_code,name', 'K1,Kulkarni Traders', 'M1,Mehta Medicals']),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
    'INV1,KT-501,K1,INVOICE,01/06/2026,01/07/2026,"1,00,000.00",',
    'INV2,KT-502,K1,INVOICE,01/10/2026,31/10/2026,"40,000.00",',
    'CN1,KT-CN-11,K1,CREDIT_NOTE,15/10/2026,15/10/2026,"30,000.00",INV1',
    'DN1,KT-DN-12,K1,DEBIT_NOTE,01/11/2026,16/11/2026,"5,000.00",INV2',
    'CN2,KT-CN-13,K1,CREDIT_NOTE,10/11/2026,10/11/2026,"2,000.00",',
    'INV3,MM-301,M1,INVOICE,01/09/2026,01/10/2026,"20,000.00",',
    'CN3,MM-CN-31,M1,CREDIT_NOTE,05/11/2026,,"8,000.00",INV3',
  ]),
  'payments.csv': csv([
    'payment_ref,sys_invoice_num,paid_date,amount',
    'P1,INV1,15/08/2026,"20,000.00"',
    'P2,INV3,20/10/2026,"12,000.00"',
    'P3,INV2,18/11/2026,"45,000.00"',
  ]),
};

/**
 * An invoice payable in three instalments, worked out by hand in tests/api/instalments.test.ts: INV1
 * ₹90,000 due in thirds on 31/08, 30/09 and 30/10, ₹40,000 paid on 15/09, a ₹5,000 debit note against
 * it on 01/11; INV2 ₹10,000 due 31/10 in one go.
 */
export const INSTALMENTS_BATCH = {
  'obligors.csv': csv(['sys_obligor_code,name', 'R1,Rao Electricals']),
  'invoices.csv': csv([
    'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
    'INV1,RE-801,R1,INVOICE,01/08/2026,30/10/2026,"90,000.00",',
    'INV2,RE-802,R1,INVOICE,01/10/2026,31/10/2026,"10,000.00",',
    'DN1,RE-DN-1,R1,DEBIT_NOTE,01/11/2026,01/11/2026,"5,000.00",INV1',
  ]),
  'instalments.csv': csv([
    'sys_invoice_num,due_date,amount',
    'INV1,31/08/2026,"30,000.00"',
    'INV1,30/09/2026,"30,000.00"',
    'INV1,30/10/2026,"30,000.00"',
  ]),
  'payments.csv': csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P1,INV1,15/09/2026,"40,000.00"']),
};

export const handFiles = (overrides: Record<string, string> = {}) =>
  Object.entries({ ...HAND_BATCH, ...overrides }).map(([name, content]) => file(name, content));

/** Everything an import may write for a client: it must not move when a batch is refused. */
export async function fingerprint(db: Db, clientId: number): Promise<string> {
  const rows = await queryRows(
    db,
    sql`select
    (select count(*) || ':' || coalesce(string_agg(sys_obligor_code || '/' || name || '/' || coalesce(parent_sys_obligor_code, '') || '/' || coalesce(credit_limit::text, ''), ',' order by sys_obligor_code), '') from obligors where client_id = ${clientId}) as obligors,
    (select count(*) || ':' || coalesce(sum(amount), 0) || ':' || coalesce(sum(paid_to_date), 0) from invoices where client_id = ${clientId}) as invoices,
    (select count(*) || ':' || coalesce(sum(amount), 0) from payments where client_id = ${clientId}) as payments,
    (select count(*) from obligor_ratings where client_id = ${clientId}) as ratings,
    (select count(*) from credit_limit_history where client_id = ${clientId}) as limits,
    (select count(*) from dimension_values where client_id = ${clientId}) as dims,
    (select count(*) from obligor_ageing where client_id = ${clientId}) as rollups,
    (select integration_update_time::text from data_update_times where client_id = ${clientId}) as integrated`,
    row({
      obligors: col.text,
      invoices: col.text,
      payments: col.text,
      ratings: col.int,
      limits: col.int,
      dims: col.int,
      rollups: col.int,
      integrated: col.text.nullable(),
    }),
  );
  return JSON.stringify(rows);
}

/** Every rollup row of the client and the dates that have rollups: what the screens read. */
export async function rollupRows(db: Db, clientId: number) {
  // Whole rows compared as they come, never read by column.
  const rows = async (table: string, order: string) =>
    JSON.stringify(
      (
        await db.execute(
          sql`select * from ${sql.identifier(table)} where client_id = ${clientId} order by ${sql.raw(order)}`,
        )
      ).rows,
    );
  return {
    obligors: await rows('obligor_ageing', 'as_of_date, sys_obligor_code'),
    families: await rows('family_ageing', 'as_of_date, family_code'),
    client: await rows('client_ageing', 'as_of_date'),
    dates: (
      await queryRows(
        db,
        sql`select as_of_date::text as d from ageing_snapshots where client_id = ${clientId} order by 1`,
        row({ d: col.text }),
      )
    ).map((r) => r.d),
  };
}

/** The rollups a full refresh builds from nothing on the same ledger (the rows of `rollupRows`). */
export async function freshRollups(db: Db, clientId: number, today: string) {
  await db.transaction(async (tx) => {
    for (const table of ['obligor_ageing', 'family_ageing', 'client_ageing', 'ageing_snapshots'])
      await tx.execute(sql`delete from ${sql.identifier(table)} where client_id = ${clientId}`);
    await refreshReceivableRollups(tx, clientId, today);
  });
  return rollupRows(db, clientId);
}

/** POST /api/integrations/imports as the browser sends it: each file as `files`, plus the form's other fields. */
export function uploadBatch(cookie: string, files: Record<string, string>, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, content] of Object.entries(files))
    form.append('files', new File([content], name, { type: 'text/csv' }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return importsRoute.POST(
    new NextRequest('http://localhost:3000/api/integrations/imports', {
      method: 'POST',
      body: form,
      headers: { cookie },
    }),
    { params: Promise.resolve({}) },
  );
}

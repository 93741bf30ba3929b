import { readdirSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import * as summaryRoute from '@/app/api/v4/clients/receivables/current/summary/route';
import * as importsRoute from '@/app/api/integrations/imports/route';
import * as importRoute from '@/app/api/integrations/imports/[id]/route';
import { callRoute, sessionCookieFor } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch } from '../helpers/ledger-client';
import { handClientDatabase, HAND_BATCH, newClient, PASSWORD, TODAY } from './helpers';

// Batches uploaded through POST /api/integrations/imports, and the batch of examples/import imported
// into a fresh client.

let database: TestDatabase;
let hand: { clientId: number; email: string };
let cookie: string;

beforeAll(async () => {
  ({ database, hand, cookie } = await handClientDatabase());
});
afterAll(() => database?.dispose());

describe('POST /api/integrations/imports', () => {
  const upload = (names: string[], who: string) => {
    const form = new FormData();
    for (const name of names)
      form.append('files', new File([HAND_BATCH[name as keyof typeof HAND_BATCH]], name, { type: 'text/csv' }));
    const req = new NextRequest('http://localhost:3000/api/integrations/imports', {
      method: 'POST',
      body: form,
      headers: { cookie: who },
    });
    return importsRoute.POST(req, { params: Promise.resolve({}) });
  };

  it('refuses a workbook that would inflate far beyond its size (a zip bomb), writing nothing', async () => {
    const { clientId, email } = await newClient(database.db, 'ZIPBOMB');
    const admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('obligors').addRow(['sys_obligor_code', 'name']);
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    // 8 MB of one repeated character compresses to a few kilobytes: over 200 times its size.
    zip.file('xl/sharedStrings.xml', 'a'.repeat(8 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' });
    const form = new FormData();
    form.append('files', new File([bomb], 'obligors.xlsx'));
    const response = await importsRoute.POST(
      new NextRequest('http://localhost:3000/api/integrations/imports', {
        method: 'POST',
        body: form,
        headers: { cookie: admin },
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/expands far beyond/);
    const [imported] = await queryRows(
      database.db,
      sql`select count(*)::int as n from imports where client_id = ${clientId}`,
      row({ n: col.int }),
    );
    expect(imported?.n).toBe(0);
  });

  it("imports an uploaded batch for the admin's own client and lists it with its report", async () => {
    const { clientId, email } = await newClient(database.db, 'UPLOAD');
    const admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const response = await upload(Object.keys(HAND_BATCH), admin);
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({ status: 'SUCCEEDED', changes: 18 });
    const [stored] = await queryRows(
      database.db,
      sql`select count(*)::int as n from invoices where client_id = ${clientId}`,
      row({ n: col.int }),
    );
    expect(stored?.n).toBe(7);
    const list = await callRoute(importsRoute.GET as never, '/api/integrations/imports', { cookie: admin });
    expect(list.headers.get('x-totalrecords')).toBe('1');
    expect(list.json[0]).toMatchObject({
      id: report.id,
      source: 'UPLOAD',
      userName: 'Anita Desai',
      status: 'SUCCEEDED',
    });
    const detail = await callRoute(importRoute.GET as never, `/api/integrations/imports/${report.id}`, {
      cookie: admin,
      params: { id: String(report.id) },
    });
    expect(detail.json).toMatchObject({ id: report.id, errors: [] });
    // Another client's admin sees neither the import nor its report.
    expect(
      (
        await callRoute(importRoute.GET as never, `/api/integrations/imports/${report.id}`, {
          cookie,
          params: { id: String(report.id) },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 400 to a JSON body and 403 to a user who is not an administrator', async () => {
    const json = await callRoute(importsRoute.POST as never, '/api/integrations/imports', {
      method: 'POST',
      cookie,
      body: { files: [] },
    });
    expect(json.status).toBe(400);
    const { users, roles } = await import('@/lib/db/schema');
    const { hashPassword } = await import('@/lib/server/auth/password');
    const [member] = await database.db
      .select()
      .from(roles)
      .where(and(eq(roles.clientId, hand.clientId), eq(roles.code, 'member')));
    await database.db.insert(users).values({
      clientId: hand.clientId,
      email: 'member@hand.test',
      name: 'Mohan Lal',
      userType: 'borrowers',
      roleId: member!.id,
      passwordHash: await hashPassword(PASSWORD),
    });
    const memberCookie = (await sessionCookieFor(database.db, 'member@hand.test', PASSWORD)).cookie;
    expect((await upload(['obligors.csv'], memberCookie)).status).toBe(403);
  });
});

describe('examples/import', () => {
  it('imports into a freshly created client and shows on the dashboard figures', async () => {
    const { clientId, email } = await newClient(database.db, 'EXAMPLE');
    const dir = path.join(process.cwd(), 'examples', 'import');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .map((name) => ({ name, open: () => createReadStream(path.join(dir, name)) }));
    const report = await importBatch(database.db, clientId, files);
    expect(report.errors).toEqual([]);
    expect(report.files.map((f) => [f.kind, f.rows])).toEqual([
      ['obligors', 6],
      ['invoices', 11],
      ['instalments', 2],
      ['payments', 7],
      ['allocations', 1],
      ['ratings', 5],
    ]);
    const admin = (await sessionCookieFor(database.db, email, PASSWORD)).cookie;
    const summary = await callRoute(summaryRoute.GET as never, '/api/v4/clients/receivables/current/summary', {
      cookie: admin,
      query: { date: TODAY },
    });
    // Hand-computed in docs/importing.md: current 2,66,916; 1-30 2,36,000; 31-60 15,400; 61-90 60,000
    // (68,000 less the 8,000 credit note against it); >90 1,54,000; 25,000 received on account or in
    // advance and not allocated.
    expect(summary.json).toMatchObject({
      outstanding: 732316,
      overdue: 465400,
      current: 266916,
      crdBucket1: 236000,
      crdBucket2: 15400,
      crdBucket3: 60000,
      crdBucket4: 154000,
      unallocated: -25000,
      netBalance: 707316,
    });
    const [cn] = await database.db.select().from(payments).where(eq(payments.clientId, clientId)).limit(1);
    expect(cn).toBeDefined();
  });
});

import { writeFileSync } from 'node:fs';
import { addDays, format, parseISO, subYears } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as pdfRoute } from '@/app/api/customerportal/statement.pdf/route';
import { GET as statementRoute } from '@/app/api/customerportal/statement/route';
import { clientToday } from '@/lib/server/clients/client-day';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';
import { callRouteRaw } from '../helpers/api-raw';
import { pdfPages } from '../helpers/pdf-text';

let database: TestDatabase;
let family: string;
let account: string;
let today: string;

beforeAll(async () => {
  database = await createSeededDatabase();
  const clientId = await clientIdOf(database, 'VARDHMAN');
  today = await clientToday(database.db, clientId);
  family = (await signInAs(database, 'family@customer.test')).cookie;
  account = (await signInAs(database, 'account@customer.test')).cookie;
});
afterAll(() => database?.dispose());

const pagesOf = pdfPages;

const inr = (v: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

async function statementOf(cookie: string, code: string, fromDate?: string) {
  const query = { sysObligorCode: code, fromDate, toDate: today };
  const [pdf, json] = await Promise.all([
    callRouteRaw(pdfRoute, '/api/customerportal/statement.pdf', { query, cookie }),
    callRouteRaw(statementRoute, '/api/customerportal/statement', { query, cookie }),
  ]);
  return {
    pdf,
    statement: JSON.parse(new TextDecoder().decode(json.body)) as {
      opening: number;
      closing: number;
      customer: { name: string };
    },
  };
}

describe('the statement as a PDF', () => {
  it("a short statement: the customer's name, period, opening and closing balance, one page numbered", async () => {
    const code = (
      await database.db.execute(`select customer_code as c from users where email = 'account@customer.test'`)
    ).rows[0] as { c: string };
    const { pdf, statement } = await statementOf(account, code.c);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    writeFileSync('/tmp/statement-short.pdf', pdf.body);
    const pages = await pagesOf(pdf.body);
    const text = pages.join(' ');
    expect(text).toContain('Vardhman Trading Company Pvt Ltd');
    expect(text).toContain(statement.customer.name);
    expect(text).toContain(`Opening balance ${inr(statement.opening)}`);
    expect(text).toMatch(new RegExp(`Closing balance ${inr(statement.closing).replace(/\./g, '\\.')}`));
    expect(text).toContain(`Page 1 of ${pages.length}`);
    // The letterhead: the client's address and GSTIN; the customer's address and GSTIN.
    const client = await database.db.execute(`select address, gstin from clients where code = 'VARDHMAN'`);
    const { address, gstin } = client.rows[0] as { address: string; gstin: string };
    expect(text).toContain(address.split('\n')[1]);
    expect(text).toContain(`GSTIN ${gstin}`);
    const customer = await database.db.execute(
      `select o.address, o.business_id as gstin from obligors o join clients c on c.id = o.client_id
        where c.code = 'VARDHMAN' and o.sys_obligor_code = '${code.c}'`,
    );
    const own = customer.rows[0] as { address: string; gstin: string };
    expect(text).toContain(own.address.split('\n')[0]);
    expect(text).toContain(`GSTIN ${own.gstin}`);
    expect(text).toContain('Ageing of the open items');
  });

  it('a two-year family statement: every page numbered, each carried forward brought forward on the next', async () => {
    const code = (
      await database.db.execute(`select customer_code as c from users where email = 'family@customer.test'`)
    ).rows[0] as { c: string };
    const from = format(addDays(subYears(parseISO(today), 2), 1), 'yyyy-MM-dd');
    const { pdf, statement } = await statementOf(family, code.c, from);
    expect(pdf.status).toBe(200);
    writeFileSync('/tmp/statement-long.pdf', pdf.body);
    const pages = await pagesOf(pdf.body);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    for (let i = 0; i + 1 < pages.length; i++) {
      const carried = /Carried forward ([\d,.-]+)/.exec(pages[i]!)?.[1];
      if (!carried) break; // the open items' pages follow the lines
      expect(/Brought forward ([\d,.-]+)/.exec(pages[i + 1]!)?.[1], `page ${i + 2}`).toBe(carried);
    }
    expect(pages.join(' ')).toContain(`Closing balance ${inr(statement.closing)}`);
  });

  it("another customer's statement: 404", async () => {
    const code = (
      await database.db.execute(`select customer_code as c from users where email = 'family@customer.test'`)
    ).rows[0] as { c: string };
    const { pdf } = await statementOf(account, code.c);
    expect(pdf.status).toBe(404);
  });
});

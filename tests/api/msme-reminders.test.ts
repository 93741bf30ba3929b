import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUT as policyPut } from '@/app/api/dunning/policy/route';
import { POST as runsPost } from '@/app/api/dunning/runs/route';
import { GET as interestRoute } from '@/app/api/msme/interest/route';
import { PUT as saveSettingsRoute } from '@/app/api/msme/settings/route';
import { amountText, dayText } from '@/lib/domain/dunning';
import { LAW_LEVEL_TEMPLATE } from '@/lib/domain/law-lines';
import { itcReversalDate } from '@/lib/domain/msmed-interest';
import { callRoute } from '../helpers/api';
import { CLIENT_TODAY, day, ledgerClient, type LedgerClient } from '../helpers/ledger-client';
import { mailCatcher, readableMail } from '../helpers/mail';
import { csv } from '../imports/helpers';

// A reminder of the law's level, sent by a run: the MSMED line with the interest the API works out,
// the s43B(h) note, and the 180-day ITC reversal of an invoice 160 days old.
const mail = mailCatcher();
let world: LedgerClient;

beforeAll(async () => {
  await mail.start();
  world = await ledgerClient(
    'LAWR',
    {
      'obligors.csv': csv(['sys_obligor_code,name,email', 'MS,Mehta Stores,accounts@mehta.example']),
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
        `MS-1,MS/1,MS,${day(-160)},${day(-130)},365000,INVOICE`,
      ]),
    },
    CLIENT_TODAY,
  );
  expect(world.report.status).toBe('SUCCEEDED');
});
afterAll(async () => {
  await mail.stop();
  await world?.database.dispose();
});

describe('a reminder that cites the law', () => {
  it('carries the MSMED line with the interest accrued, the s43B(h) note and the s16(2) reversal', async () => {
    const saved = await callRoute(saveSettingsRoute, '/api/msme/settings', {
      method: 'PUT',
      cookie: world.cookie,
      body: {
        udyamNumber: 'UDYAM-MH-26-0012345',
        category: 'SMALL',
        addInterestToReminders: true,
        interestGstRate: 18,
      },
    });
    expect(saved.status).toBe(200);
    const policy = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: world.cookie,
      body: {
        enabled: true,
        grouping: 'FAMILY',
        minAmount: 1000,
        quietDays: 7,
        levels: [
          {
            days: 1,
            channel: 'EMAIL',
            taskFor: null,
            subject: LAW_LEVEL_TEMPLATE.subject,
            body: LAW_LEVEL_TEMPLATE.body,
          },
        ],
      },
    });
    expect(policy.status, JSON.stringify(policy.json)).toBe(200);
    const interest = await callRoute(interestRoute, '/api/msme/interest', {
      cookie: world.cookie,
      query: { sysObligorCode: 'MS' },
    });
    expect(interest.json.totalInterest).toBeGreaterThan(0);

    const res = await callRoute(runsPost, '/api/dunning/runs', {
      method: 'POST',
      cookie: world.cookie,
      body: { dryRun: false },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.messages.map((m: { status: string }) => m.status)).toEqual(['SENT']);
    const text = readableMail(mail.inbox.find((m) => m.to === 'accounts@mehta.example')!.raw);
    expect(text).toContain('under the MSMED Act');
    expect(text).toContain('We are a small enterprise (Udyam registration UDYAM-MH-26-0012345)');
    expect(text).toContain(`₹${amountText(interest.json.totalInterest)} has accrued`);
    expect(text).toContain(`has accrued to ${dayText(CLIENT_TODAY)}.`);
    expect(text).toContain('section 43B(h) of the Income Tax Act, 1961');
    expect(text).toContain(
      `Invoice MS/1 of ${dayText(day(-160))} is 160 days old. Under the second proviso to section 16(2) of the CGST Act, 2017`,
    );
    expect(text).toContain(`that day is ${dayText(itcReversalDate(day(-160)))}.`);
  });
});

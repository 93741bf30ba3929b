import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

// The second client's books (Kaveri): the main client's figures the other specs read stay as they are.
const LEDGER = [
  {
    name: 'obligors.csv',
    mimeType: 'text/csv',
    buffer: csv([
      'sys_obligor_code,name,parent_sys_obligor_code',
      'E2E-CASH-1,Shree Ganesh Traders,',
      'E2E-CASH-2,Patil Distributors,',
      'E2E-CASH-3,Mehta Medicals,',
      'E2E-CASH-4,Jadhav Kirana Stores,',
      // A family: the parent and its two accounts.
      'E2E-CASH-G,Deshmukh Group,',
      'E2E-CASH-G1,Deshmukh Pune,E2E-CASH-G',
      'E2E-CASH-G2,Deshmukh Nashik,E2E-CASH-G',
    ]),
  },
  {
    name: 'invoices.csv',
    mimeType: 'text/csv',
    buffer: csv([
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,taxable_amount',
      'E2E-C-1,KAV/E2E/0001,E2E-CASH-1,2026-10-01,2026-10-31,50000.00,',
      'E2E-C-2,KAV/E2E/0002,E2E-CASH-2,2026-10-01,2026-10-31,118000.00,100000.00',
      'E2E-C-3,KAV/E2E/0003,E2E-CASH-3,2026-10-01,2026-10-31,25000.00,',
      'E2E-C-4,KAV/E2E/0004,E2E-CASH-4,2026-09-15,2026-10-15,30000.00,',
      'E2E-C-5,KAV/E2E/0005,E2E-CASH-4,2026-10-10,2026-11-09,20000.00,',
      'E2E-C-6,KAV/E2E/0006,E2E-CASH-G1,2026-10-05,2026-11-04,15000.00,',
      'E2E-C-7,KAV/E2E/0007,E2E-CASH-G2,2026-10-06,2026-11-05,10000.00,',
    ]),
  },
];

// An HDFC export of the morning's credits (balances added up by hand from ₹1,00,000).
const STATEMENT = {
  name: 'hdfc-kaveri-nov.csv',
  mimeType: 'text/csv',
  buffer: csv([
    'HDFC BANK Ltd.,,,,,,',
    'KAVERI AGRO FOODS LTD,,,,,,',
    'Account No :50200011112222,,,,,,',
    ',,,,,,',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '********,********,********,********,********,********,********',
    '02/11/26,NEFT CR-SBIN0001234-SHREE GANESH TRADERS-KAVE2E0001-SBINN52026110212345678,SBINN52026110212345678,02/11/26,,"50,000.00","1,50,000.00"',
    '03/11/26,NEFT CR-HDFC0000001-PATIL DISTRIBUTORS-KAVE2E0002-HDFCH00395034999,HDFCH00395034999,03/11/26,,"1,08,000.00","2,58,000.00"',
    '04/11/26,IMPS-431012345678-MEHTA MEDICALS-KKBK-XXXXXXXX1234-KAVE2E0003,0000431012345678,04/11/26,,"24,960.00","2,82,960.00"',
    '05/11/26,NEFT CR-UTIB0000456-JADHAV KIRANA-KAVE2E0004 KAVE2E0005-UTIBN52026110598765432,UTIBN52026110598765432,05/11/26,,"45,000.00","3,27,960.00"',
    '05/11/26,BANK CHARGES GST,,05/11/26,590.00,,"3,27,370.00"',
  ]),
};

// The next day's credit: Deshmukh Pune, named by its code, pays ₹25,000, more than its ₹15,000; its
// group owes exactly that (its own bill and Deshmukh Nashik's).
const FAMILY_STATEMENT = {
  name: 'hdfc-kaveri-nov-6.csv',
  mimeType: 'text/csv',
  buffer: csv([
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '06/11/26,NEFT CR-SBIN0001234-DESHMUKH TRADERS-DUES E2E CASH G1-SBINN52026110611112222,SBINN52026110611112222,06/11/26,,"25,000.00","3,52,370.00"',
  ]),
};

test.use({ storageState: stateOf('kaveri') });

test('a morning of cash application: upload the statement, confirm two suggestions, split one, export Tally XML', async ({
  page,
}) => {
  // The books the statement pays (an ERP import, as every morning).
  await page.goto('/borrowers/integrations');
  await page.waitForLoadState('networkidle');
  await page.getByLabel(/^Files/).setInputFiles(LEDGER);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');

  await page.goto('/borrowers/cash');
  await expect(page.getByRole('heading', { name: 'Cash application' })).toBeVisible();
  await page.getByLabel(/^Statement \(HDFC/).setInputFiles(STATEMENT);
  await page.getByLabel('Bank account (optional)').fill('HDFC current');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('upload-outcome')).toContainText(
    '5 lines read: 0 applied, 4 suggested, 0 unmatched, 1 no customer receipt',
  );
  const table = page.getByRole('table', { name: 'Bank lines' });
  await expect(table.locator('tr[data-status="SUGGESTED"]')).toHaveCount(4);
  const row = (text: string) => table.getByRole('row').filter({ hasText: text });
  await expect(row('PATIL')).toContainText('TDS 194J');
  await expect(row('PATIL')).toContainText('TDS 194J at 10%: ₹10,000.00');
  await expect(row('MEHTA')).toContainText('Written off');
  // The accountant's names: the customer as the ledger has it, the invoice as printed (the codes beside).
  await expect(row('JADHAV')).toContainText('Jadhav Kirana Stores');
  await expect(row('JADHAV')).toContainText('KAV/E2E/0004');
  await expect(row('PATIL')).toContainText('the narration names KAV/E2E/0002 (E2E-C-2)');
  await expect(page.getByTestId('total-suggested')).toContainText('4 credits');
  await screenshot(page, 'cash-queue-suggested');

  // Two suggestions confirmed with one click each.
  await row('SHREE GANESH').getByRole('button', { name: 'Confirm' }).click();
  await expect(table.locator('tr[data-status="SUGGESTED"]')).toHaveCount(3);
  await row('MEHTA').getByRole('button', { name: 'Confirm' }).click();
  await expect(table.locator('tr[data-status="SUGGESTED"]')).toHaveCount(2);

  // Jadhav named both bills but paid ₹45,000: the accountant splits it as the customer's advice says.
  await row('JADHAV').getByRole('button', { name: 'Split…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Split the receipt' });
  await expect(dialog.getByRole('heading', { name: 'Split the receipt' })).toBeVisible();
  await expect(dialog.getByTestId('split-customer')).toContainText('Jadhav Kirana Stores');
  // The customer's open bills, by printed number, due date and what is open; the suggested one chosen.
  const invoice1 = dialog.getByRole('combobox', { name: 'Invoice 1', exact: true });
  await expect(invoice1).toHaveValue('E2E-C-4');
  await expect(invoice1.locator('option:checked')).toContainText('KAV/E2E/0004 · due 15/10/2026 · ₹30,000.00 open');
  await dialog.getByLabel('Amount of invoice 1').fill('25000');
  await expect(dialog.getByTestId('left-to-split')).toContainText('Left to split: ₹5,000.00');
  await dialog.getByLabel('Amount of invoice 2').fill('20000');
  await expect(dialog.getByTestId('left-to-split')).toHaveText('The split adds up to the receipt.');
  await screenshot(page, 'cash-split-dialog');
  await dialog.getByRole('button', { name: 'Apply the split' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.locator('tr[data-status="SUGGESTED"]')).toHaveCount(1);

  // The last one by bulk confirm.
  await page.getByLabel('Select every suggestion on the page').check();
  await page.getByRole('button', { name: 'Confirm 1 selected' }).click();
  await expect(table.locator('tr[data-status="SUGGESTED"]')).toHaveCount(0);

  await page.getByRole('link', { name: /^Applied/ }).click();
  await expect(table.locator('tr[data-status="MATCHED"]')).toHaveCount(4);
  await expect(row('JADHAV')).toContainText('E2E-C-4');
  await expect(page.getByTestId('total-applied')).toContainText('4 credits');
  await screenshot(page, 'cash-queue-applied');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Tally XML' }).click();
  const xml = readFileSync(await (await download).path(), 'utf8');
  expect(xml.match(/<VOUCHER /g)).toHaveLength(4);
  expect(xml).toContain('<LEDGERNAME>Patil Distributors</LEDGERNAME>');
  expect(xml).toContain('<LEDGERNAME>TDS Receivable</LEDGERNAME>');
  expect(xml).toContain('<LEDGERNAME>Discount Allowed</LEDGERNAME>');
  expect(xml).toContain('<NAME>KAV/E2E/0004</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>25000.00</AMOUNT>');

  // A family's credit: each bill shown under its account, Confirm writes a receipt per account.
  await page.getByLabel(/^Statement \(HDFC/).setInputFiles(FAMILY_STATEMENT);
  await page.getByLabel('Bank account (optional)').fill('HDFC current');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('upload-outcome')).toContainText('1 suggested');
  await page.getByRole('link', { name: /^Suggested/ }).click();
  const family = row('DESHMUKH');
  await expect(family.getByTestId('family-note')).toHaveText('Bills of 2 accounts of the group: one receipt each');
  await expect(family.getByTestId('split-account')).toHaveCount(2);
  await expect(family.getByTestId('split-account').nth(0)).toContainText('Deshmukh Pune');
  await expect(family.getByTestId('split-account').nth(0)).toContainText('KAV/E2E/0006');
  await expect(family.getByTestId('split-account').nth(1)).toContainText('Deshmukh Nashik');
  await expect(family.getByTestId('split-account').nth(1)).toContainText('KAV/E2E/0007');
  await screenshot(page, 'cash-queue-family');
  // The split dialog offers the group's bills, each with its account.
  await family.getByRole('button', { name: 'Split…' }).click();
  const familyDialog = page.getByRole('dialog', { name: 'Split the receipt' });
  await expect(
    familyDialog.getByRole('combobox', { name: 'Invoice 2', exact: true }).locator('option:checked'),
  ).toContainText('KAV/E2E/0007 · Deshmukh Nashik');
  await expect(familyDialog.getByTestId('split-receipts')).toContainText('Bills of 2 accounts: one receipt each');
  await screenshot(page, 'cash-split-family');
  await familyDialog.getByRole('button', { name: 'Cancel' }).click();
  await family.getByRole('button', { name: 'Confirm' }).click();
  await expect(table.locator('tr[data-status="SUGGESTED"]')).toHaveCount(0);
  await page.getByRole('link', { name: /^Applied/ }).click();
  await expect(row('DESHMUKH')).toContainText(/applied as receipt BANK-\d+.*applied as receipt BANK-\d+-2/);
});

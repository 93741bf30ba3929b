import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';
import { worksheetHtml } from './workbook-picture';

const paise = (value: unknown) => Math.round(Number(value) * 100);

async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

test.use({ storageState: stateOf('admin') });

test('a report downloaded from the reports page adds up to the receivables page', async ({ page }) => {
  await openSettled(page, '/borrowers/reports');
  await expect(page.getByTestId('report-card')).toHaveCount(6);
  await screenshot(page, 'reports');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-AGEING_BY_CUSTOMER').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vardhman-ageing-by-customer-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(String(sheet.getCell('A1').value)).toContain('Vardhman Trading Company Pvt Ltd · Ageing by customer · as of');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
  const headers = (sheet.getRow(3).values as unknown[]).slice(1);
  const balanceColumn = headers.indexOf('Balance') + 1;
  const totalRow = sheet.getRow(sheet.rowCount);
  expect(totalRow.getCell(1).value).toBe('Total');
  const totalCell = totalRow.getCell(balanceColumn);
  const workbookBalance = (totalCell.value as { result: number }).result;
  expect(sheet.getRow(4).getCell(balanceColumn).numFmt).toContain('"₹"#,##,##0.00');

  // The downloaded report as a picture: its first rows and its total row, laid out like a spreadsheet.
  const picture = await page.context().newPage();
  await picture.setContent(worksheetHtml(sheet));
  await screenshot(picture, 'report-ageing-by-customer-workbook');
  await picture.close();

  await openSettled(page, '/borrowers/receivables');
  const screenBalance = await page.getByTestId('total-balance').getAttribute('data-value');
  expect(paise(workbookBalance)).toBe(paise(screenBalance));
  // One workbook row per customer of the receivables list.
  await expect(page.getByTestId('receivables-totals')).toContainText(
    `Total · ${(sheet.rowCount - 4).toLocaleString('en-IN')} customers`,
  );
});

test('the credit limit page sorts, filters by band and highlights breaches', async ({ page }) => {
  await openSettled(page, '/borrowers/credit_limit');
  const rows = page.getByTestId('credit-limit-row');
  await expect(rows.first()).toBeVisible();
  // Most used first: the first rows are breaches, highlighted.
  const used = await page
    .getByTestId('utilisation')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))));
  expect(used).toEqual([...used].sort((a, b) => b - a));
  const first = rows.first();
  if (used[0]! > 100) {
    await expect(first).toHaveAttribute('data-status', 'BREACHED');
    await expect(first).toHaveClass(/bg-rose-50/);
    await expect(first.getByTestId('credit-status')).toHaveText('Breached');
  }
  await screenshot(page, 'credit-limit');

  await page
    .locator('thead')
    .getByRole('link', { name: /Customer/ })
    .click();
  await expect(page).toHaveURL(/sortBy=name&order=ASC/);
  await page.waitForLoadState('networkidle');
  const names = await page.getByTestId('credit-limit-row').locator('td:first-child a').allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  await page.getByLabel('Utilisation').selectOption('NEAR');
  await expect(page).toHaveURL(/status=NEAR/);
  await page.waitForLoadState('networkidle');
  const statuses = await page
    .getByTestId('credit-limit-row')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
  expect(new Set(statuses)).toEqual(new Set(statuses.length ? ['NEAR'] : []));
  for (const value of await page
    .getByTestId('utilisation')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))))) {
    expect(value).toBeGreaterThan(90);
    expect(value).toBeLessThanOrEqual(100);
  }
  if (statuses.length) await expect(page.getByTestId('credit-limit-row').first()).toHaveClass(/bg-amber-50/);
  await screenshot(page, 'credit-limit-near');
});

test("the credit limit page switches to accounts in the URL, narrows to a family and reaches an account's limit history", async ({
  page,
}) => {
  await openSettled(page, '/borrowers/credit_limit');
  await page.getByTestId('credit-limit-views').getByRole('link', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/view=accounts/);
  await page.waitForLoadState('networkidle');
  const table = page.getByTestId('credit-limit-accounts-table');
  await expect(table).toBeVisible();
  // The page's rows are the accounts call's first page (same default page size), most used first.
  const api = (await (await page.request.get('/api/v3/clients/credit_limits?view=accounts')).json()) as {
    sysObligorCode: string;
    exposure: number;
    utilisation: number | null;
    status: string;
  }[];
  const rows = page.getByTestId('credit-limit-row');
  await expect(rows).toHaveCount(api.length);
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-code')))).toEqual(
    api.map((r) => r.sysObligorCode),
  );
  await expect(rows.first().getByTestId('cell-exposure')).toHaveAttribute('data-value', String(api[0]!.exposure));
  if (api[0]!.status === 'BREACHED') await expect(rows.first()).toHaveClass(/bg-rose-50/);
  await expect(page.getByTestId('band-BREACHED')).toBeVisible();
  await screenshot(page, 'credit-limit-accounts');

  // One family's accounts: the family link filters, the chip clears it.
  const familyLink = table.getByTestId('family-filter-link').first();
  const family = (await familyLink.textContent())!.trim();
  await familyLink.click();
  await expect(page).toHaveURL(/view=accounts.*family=|family=.*view=accounts/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('family-chip')).toBeVisible();
  // The filtered table streams in after the URL changes (a "Loading" status first): wait for its rows.
  await expect
    .poll(async () => [...new Set(await table.getByTestId('family-filter-link').allInnerTexts())])
    .toEqual([family]);
  await screenshot(page, 'credit-limit-accounts-family');

  // History opens the account's page at its credit limit history.
  const code = (await rows.first().getAttribute('data-code'))!;
  await rows.first().getByTestId('history-link').click();
  await expect(page).toHaveURL(new RegExp(`/borrowers/obligors/child/${code}#credit-limit-history$`));
  await expect(page.getByTestId('credit-limit-history')).toBeVisible();
});

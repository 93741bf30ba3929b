import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { expectTopBarTitle, MAIN_CLIENT, screenshot } from './helpers';
import { stateOf } from './auth-states';

const paise = (value: string | null) => Math.round(Number(value) * 100);

/**
 * A receivables row's net balance (balance with the receipts on account not yet allocated), which a
 * statement closes at; the balance itself when the table shows no unallocated money.
 */
async function netBalanceOf(row: Locator): Promise<number> {
  const onAccount = row.getByTestId('cell-unallocated');
  if (await onAccount.count()) return paise(await onAccount.getAttribute('data-net-balance'));
  return paise(await row.getByTestId('cell-balance').getAttribute('data-value'));
}

test.use({ storageState: stateOf('portal') });

test('the portal-only user finds a customer and downloads a statement whose balance equals the receivables page (net of money on account)', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/customerportal$/);
  await expectTopBarTitle(page, `Customer Portal - ${MAIN_CLIENT}`);
  await expect(page).toHaveTitle(`Customer Portal - ${MAIN_CLIENT}`);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(page.getByTestId('last-updated')).toBeVisible();
  await screenshot(page, 'portal-start');

  // The customer with the largest balance on the receivables page, and its net balance.
  await page.goto('/borrowers/receivables');
  const first = page.getByTestId('receivable-row').first();
  const code = (await first.getAttribute('data-code'))!;
  const balance = await netBalanceOf(first);
  expect(balance).toBeGreaterThan(0);

  await page.goto('/customerportal');
  await page.getByTestId('portal-search').fill(code.slice(0, 2));
  await expect(page.getByTestId('portal-search-hint')).toHaveText('Type at least 3 characters to search');
  await page.getByTestId('portal-search').fill(code);
  await page.getByTestId('portal-search-option').filter({ hasText: code }).first().click();
  await expect(page).toHaveURL(new RegExp(`/customerportal/${encodeURIComponent(code)}$`), { timeout: 30_000 });
  await expect(page.getByTestId('statement')).toBeVisible({ timeout: 30_000 });
  const shown = page.getByTestId('statement-balance').locator('[data-value]');
  expect(paise(await shown.getAttribute('data-value'))).toBe(balance);
  await expect(page.getByTestId('open-items')).toBeVisible();
  await expect(page.getByTestId('contacts-section')).toBeVisible();
  await screenshot(page, 'portal-statement');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-statement').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-${code.replace(/[^\w.-]/g, '_')}-.*\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.getWorksheet('Statement')!;
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('Closing balance');
  expect(Math.round(Number(last.getCell(8).value) * 100)).toBe(balance);

  // A past period typed the Indian way (dd/mm/yyyy, whatever the browser's language): the form keeps
  // the customer and shows an opening balance.
  await expect(page.getByTestId('statement-from')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.getByTestId('statement-from').fill('31/02/2026');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the date as dd/mm/yyyy' })).toBeVisible();
  await page.getByTestId('statement-from').fill('01/01/2026');
  await page.getByTestId('statement-to').fill('31/03/2026');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/fromDate=2026-01-01&toDate=2026-03-31/);
  await expect(page.getByTestId('statement-lines')).toContainText('Opening balance');
  await expect(page.getByTestId('statement-from')).toHaveValue('01/01/2026');
});

test('a long statement pages, each page opening at the balance carried forward, the last closing at the balance', async ({
  page,
}) => {
  await page.goto('/borrowers/receivables');
  const first = page.getByTestId('receivable-row').first();
  const code = (await first.getAttribute('data-code'))!;
  const balance = await netBalanceOf(first);

  await page.goto(`/customerportal/${encodeURIComponent(code)}?fromDate=2024-01-01`);
  const pager = page.getByRole('navigation', { name: 'Statement pages' });
  await expect(pager.getByTestId('page-range')).toContainText('1–100 of');
  const carried = paise(await page.getByTestId('carried-forward').locator('[data-value]').getAttribute('data-value'));
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/offset=2/);
  await expect(pager.getByTestId('page-range')).toContainText('101–200 of');
  expect(paise(await page.getByTestId('brought-forward').locator('[data-value]').getAttribute('data-value'))).toBe(
    carried,
  );
  await screenshot(page, 'portal-statement-page-2');

  // The last page closes at the receivables net balance.
  await pager
    .getByRole('link')
    .filter({ hasText: /^\d[\d,]*$/ })
    .last()
    .click();
  await expect(page.getByTestId('closing-balance')).toBeVisible();
  expect(paise(await page.getByTestId('closing-balance').locator('[data-value]').getAttribute('data-value'))).toBe(
    balance,
  );
  await screenshot(page, 'portal-statement-last-page');
});

test('postpaid and prepaid accounts each have their own view', async ({ page }) => {
  await page.goto('/customerportal/postpaid');
  await expect(page.getByTestId('accounts')).toBeVisible();
  await screenshot(page, 'portal-postpaid-list');
  await page.getByTestId('accounts').getByRole('link').first().click();
  await expect(page.getByTestId('postpaid-view')).toBeVisible();
  await expect(page.getByTestId('open-items')).toBeVisible();
  await screenshot(page, 'portal-postpaid-account');

  await page.goto('/customerportal/prepaid');
  await expect(page.getByTestId('accounts')).toBeVisible();
  await screenshot(page, 'portal-prepaid-list');
  await page.getByTestId('accounts').getByRole('link').first().click();
  await expect(page.getByTestId('prepaid-view')).toBeVisible();
  await expect(page.getByTestId('statement-lines')).toContainText('Top-up');
  await screenshot(page, 'portal-prepaid-account');
});

test.describe('signed in as the admin', () => {
  test.use({ storageState: stateOf('admin') });

  test('client staff use the portal inside the borrower area, with the menu', async ({ page }) => {
    await page.goto('/borrowers/customerportal');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.getByTestId('portal-search').fill('Tra');
    await page.getByTestId('portal-search-option').first().click();
    await expect(page).toHaveURL(/\/borrowers\/customerportal\?customer=/);
    await expect(page.getByTestId('statement')).toBeVisible();
    await screenshot(page, 'portal-borrower-area');
  });
});

import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf, type Role } from './auth-states';

async function accountMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return items;
}

/** A table fits its card: nothing scrolls sideways at 1440 px. */
async function expectNoSidewaysScroll(page: Page, testId: string) {
  const table = page.getByTestId(testId);
  await expect(table).toBeVisible();
  const { scroll, client } = await table.evaluate((el) => {
    const box = el.parentElement!;
    return { scroll: box.scrollWidth, client: box.clientWidth };
  });
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('as finance staff with no permission data', () => {
  test.use({ storageState: stateOf('staff') });

  test('a page the role does not include answers HTTP 403 with the 403 page', async ({ page }) => {
    const response = await page.goto('/borrowers/users');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  });

  test('no link leads to a 403 page: no Manage Personnel, no Customer Contacts, no customer links, no Remind', async ({
    page,
  }) => {
    await page.goto('/borrowers/worklist');
    expect(await accountMenu(page)).toEqual(['Account', 'Sign out']);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.locator('main a[href^="/borrowers/obligors/"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remind', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);
  });
});

for (const role of ['guest', 'rep'] satisfies Role[]) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: stateOf(role) });
    test('the avatar menu offers no Manage Personnel', async ({ page }) => {
      await page.goto('/borrowers/receivables');
      const items = await accountMenu(page);
      expect(items).not.toContain('Manage Personnel');
      expect(items).toContain('Account');
    });
  });
}

test.describe('as the admin', () => {
  test.use({ storageState: stateOf('admin') });

  test('Run now previews first and says what it will send before asking', async ({ page }) => {
    await page.goto('/borrowers/reminders');
    const runNow = page.getByRole('button', { name: 'Run now' });
    await runNow.click();
    const plan = page.getByTestId('run-plan');
    await expect(plan).toBeVisible({ timeout: 60_000 });
    // English with plurals: 'This sends 4 emails with their statements and creates 47 tasks.'
    await expect(plan).toHaveText(
      /^(This (sends|gives|creates) .*\.|Nobody is due a reminder now: this sends nothing\.)$/,
    );
    await expect(plan).not.toHaveText(/\b\d+ (email|task|whatsapp)\b(?! message)/);
    await screenshot(page, 'views-run-now-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(plan).toHaveCount(0);
  });

  test('a report download says it is preparing the workbook while it runs', async ({ page }) => {
    await page.goto('/borrowers/reports');
    const button = page.getByTestId('download-COLLECTIONS_BY_MONTH');
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveText(/Preparing the workbook/);
    expect((await download).suggestedFilename()).toMatch(/^vardhman-collections-by-month-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(button).toHaveText('Download');
  });

  test('the import page describes each file and offers its template', async ({ page }) => {
    await page.goto('/borrowers/integrations');
    await expect(page.getByText('README')).toHaveCount(0);
    await expect(page.getByText('npm run import')).toHaveCount(0);
    const invoices = page.locator('details[data-kind="invoices"]');
    await invoices.locator('summary').click();
    await expect(invoices.getByRole('row', { name: /issue_date Required/ })).toBeVisible();
    await screenshot(page, 'views-import-guide');
    const download = page.waitForEvent('download');
    await page.getByTestId('template-invoices').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('invoices.csv');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,taxable_amount,against_sys_invoice_num,currency',
    );
  });

  test('at 1440 px the receivables and region tables fit, and no amount reads "K"', async ({ page }) => {
    await page.goto('/borrowers/receivables');
    await expectNoSidewaysScroll(page, 'receivables-table');
    await screenshot(page, 'views-receivables-1440');
    await page.goto('/borrowers/dimension1');
    await expect(page.locator('table').first()).toBeVisible();
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await screenshot(page, 'views-region-performance-1440');
    await page.goto('/borrowers/dashboard');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('main').innerText()).not.toMatch(/₹\s?[\d.,]+\s?K\b/);
  });

  test('Manage Personnel shows each sign-in as a day with its year and time', async ({ page }) => {
    await page.goto('/borrowers/users');
    // Before: a UTC day without the time (a sign-in at 01:30 IST on 29/11 read 28/11).
    const signedIn = page.getByRole('cell').filter({ hasText: /^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm)$/ });
    await expect(signedIn.first()).toBeVisible();
    await screenshot(page, 'views-personnel');
  });
});

test.describe('as the portal user', () => {
  test.use({ storageState: stateOf('portal') });

  test('contact names are text, and a balance above the UPI limit is asked for by bank transfer', async ({ page }) => {
    await page.goto('/borrowers/receivables');
    const code = (await page.getByTestId('receivable-row').first().getAttribute('data-code'))!;
    await page.goto(`/customerportal/${encodeURIComponent(code)}`);
    const contacts = page.getByTestId('contacts-section');
    await expect(contacts).toBeVisible({ timeout: 30_000 });
    await expect(contacts.getByRole('row').nth(1)).toBeVisible();
    // Before: each name linked to /borrowers/contacts/{id}, a page the portal user may not open (403).
    await expect(contacts.locator('a[href^="/borrowers/contacts/"]')).toHaveCount(0);
    // The largest family owes crores: no UPI link (apps refuse it), the bank account instead.
    await expect(page.getByTestId('upi-over-limit')).toContainText('please pay by bank transfer');
    await expect(page.getByTestId('upi-link')).toHaveCount(0);
  });
});

test.describe('as the admin, the payment details', () => {
  test.use({ storageState: stateOf('admin') });

  test('hold the UPI limit, ₹1,00,000 by default', async ({ page }) => {
    await page.goto('/borrowers/reminders');
    await expect(page.getByLabel('UPI up to (₹; above it, bank transfer)')).toHaveValue('100000');
  });
});

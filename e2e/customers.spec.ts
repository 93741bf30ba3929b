import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf, type Role } from './auth-states';

const paise = (value: string | null) => Math.round(Number(value) * 100);

async function values(locator: Locator, attribute = 'data-value'): Promise<string[]> {
  return locator.evaluateAll((els, name) => els.map((el) => el.getAttribute(name) ?? ''), attribute);
}

async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** Every parent code a user may see, through the API with that user's session. */
async function visibleParents(page: Page): Promise<{ codes: string[]; total: number }> {
  const response = await page.request.get('/api/v3/clients/parentobligors?count=500');
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as { sysObligorCode: string }[];
  return { codes: rows.map((r) => r.sysObligorCode), total: Number(response.headers()['x-totalrecords']) };
}

async function signedInPage(browser: Browser, role: Role): Promise<Page> {
  return (await browser.newContext({ storageState: stateOf(role) })).newPage();
}

test.use({ storageState: stateOf('admin') });

test('customer analysis lists parents by balance, and a parent’s figures tie back to the receivables page', async ({
  page,
}) => {
  await openSettled(page, '/borrowers/obligors');
  await expect(page.getByTestId('customer-summary')).toBeVisible();
  const balances = (await values(page.getByTestId('cell-balance'))).map(Number);
  expect(balances).toHaveLength(10);
  expect([...balances].sort((a, b) => b - a)).toEqual(balances);
  await expect(page.getByTestId('parent-obligor-row').first().locator('[data-rating]')).toBeVisible();
  await expect(page.getByTestId('dso-chart').locator('svg rect').first()).toBeVisible();
  await expect(page.getByTestId('segmentation-chart').locator('svg rect').first()).toBeVisible();
  await page.waitForTimeout(800);
  await screenshot(page, 'customer-analysis');

  // The summary's balance is the dashboard's balance.
  const summaryBalance = await page.getByTestId('card-balance').locator('[data-value]').getAttribute('data-value');
  const first = page.getByTestId('parent-obligor-row').first();
  const code = await first.getAttribute('data-code');
  const rowBalance = await first.getByTestId('cell-balance').getAttribute('data-value');
  await openSettled(page, '/borrowers/dashboard');
  expect(paise(await page.getByTestId('card-balance').locator('[data-value]').getAttribute('data-value'))).toBe(
    paise(summaryBalance),
  );

  // The same parent on the receivables page owes the same.
  await openSettled(page, `/borrowers/receivables?sortBy=balance&order=DESC`);
  const receivablesRow = page.locator(`[data-testid=receivable-row][data-code="${code}"]`);
  expect(paise(await receivablesRow.getByTestId('cell-balance').getAttribute('data-value'))).toBe(paise(rowBalance));

  // Its page: the family's balance, the bars add up to it, and its accounts add up too.
  await openSettled(page, `/borrowers/obligors/${code}`);
  await expect(page.getByTestId('obligor-info')).toContainText(code!);
  const detailBalance = await page
    .getByTestId('card-balance')
    .locator('[data-value]')
    .first()
    .getAttribute('data-value');
  expect(paise(detailBalance)).toBe(paise(rowBalance));
  const bars = (await values(page.getByTestId('ageing-bar'))).reduce((sum, v) => sum + paise(v), 0);
  expect(bars).toBe(paise(rowBalance));
  await expect(page.getByTestId('family-obligors')).toBeVisible();
  await expect(page.getByTestId('annual-dso')).toBeVisible();
  await expect(page.getByTestId('credit-limit-history')).toBeVisible();
  // Each open debt says when it should be paid, and why.
  const openInvoices = page.getByTestId('obligor-invoices');
  await expect(openInvoices.getByRole('columnheader', { name: 'Expected payment' })).toBeVisible();
  const expected = openInvoices.getByTestId('expected-payment').first();
  await expect(expected).toBeVisible();
  expect(await expected.getAttribute('data-basis')).toMatch(/^(HISTORY|PROMISED|DISPUTED|NOT_EXPECTED|DUE_DATE)$/);
  expect((await expected.getAttribute('title'))?.length).toBeGreaterThan(10);
  await page.waitForTimeout(800);
  await screenshot(page, 'customer-parent');

  // One account of the family opens its own page with its own balance.
  const child = page.getByTestId('family-obligors').getByTestId('receivable-row').first();
  const childCode = await child.getAttribute('data-code');
  const childBalance = await child.getByTestId('cell-balance').getAttribute('data-value');
  await child.getByTestId('receivable-name').click();
  await expect(page).toHaveURL(new RegExp(`/borrowers/obligors/(child/)?${childCode}$`));
  await page.waitForLoadState('networkidle');
  expect(paise(await page.getByTestId('card-balance').locator('[data-value]').first().getAttribute('data-value'))).toBe(
    paise(childBalance),
  );
  await page.waitForTimeout(800);
  await screenshot(page, 'customer-child');
});

test('the customer search asks for 3 characters and opens the chosen customer', async ({ page }) => {
  await openSettled(page, '/borrowers/obligors');
  const box = page.getByTestId('obligor-search');
  await box.fill('ba');
  await expect(page.getByTestId('obligor-search-hint')).toHaveText('Type at least 3 characters to search');
  await box.fill('Banerjee');
  const option = page.getByTestId('obligor-search-option').first();
  await expect(option).toContainText('Banerjee');
  await option.click();
  await expect(page).toHaveURL(/\/borrowers\/obligors\/(child\/)?\w+$/);
  await expect(page.getByTestId('obligor-detail')).toContainText('Banerjee');
});

test('filters narrow the list and a filter resets the page to 1', async ({ page }) => {
  await openSettled(page, '/borrowers/obligors?offset=2');
  await page.getByLabel('Collection risk').selectOption('HIGH');
  await expect(page).toHaveURL(/collectionRisk=HIGH/);
  await expect(page).not.toHaveURL(/offset=/);
  await page.waitForLoadState('networkidle');
  for (const badge of await page.getByTestId('parent-obligor-row').locator('[data-collection-risk]').all()) {
    await expect(badge).toHaveAttribute('data-collection-risk', 'HIGH');
  }
});

test('a field officer sees only the customers assigned to them, in the list, the totals and by URL', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, 'admin');
  const all = await visibleParents(admin);
  const guest = await signedInPage(browser, 'guest');
  const mine = await visibleParents(guest);
  expect(mine.total).toBeGreaterThan(0);
  expect(mine.total).toBeLessThan(all.total);

  await openSettled(guest, '/borrowers/obligors');
  const listed = await values(guest.getByTestId('parent-obligor-row'), 'data-code');
  expect(listed.every((code) => mine.codes.includes(code))).toBe(true);
  await expect(guest.getByTestId('card-customers')).toContainText(String(mine.total));
  await expect(guest.getByTestId('page-range')).toContainText(`of ${mine.total} parent customers`);
  // A family's figures on the guest's list are only the assigned accounts': never above the admin's.
  const code = listed[0]!;
  const guestRow = await (
    await guest.request.get(`/api/v3/clients/parentobligors?parentSysObligorCode=${code}`)
  ).json();
  const adminRow = await (
    await admin.request.get(`/api/v3/clients/parentobligors?parentSysObligorCode=${code}`)
  ).json();
  expect(guestRow[0].members).toBeLessThanOrEqual(adminRow[0].members);

  // Another customer's page, opened by URL, is refused.
  const other = all.codes.find((c) => !mine.codes.includes(c))!;
  const response = await guest.goto(`/borrowers/obligors/${other}`);
  expect(response?.status()).toBe(404);
  await expect(guest.getByText('This page could not be found')).toBeVisible();
  expect((await guest.request.get(`/api/v3/obligors?sysObligorCode=${other}`)).status()).toBe(404);
  // Their own one opens.
  await openSettled(guest, `/borrowers/obligors/${code}`);
  await expect(guest.getByTestId('obligor-detail')).toBeVisible();
  await screenshot(guest, 'customer-guest-parent');
});

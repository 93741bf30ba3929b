import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from './helpers';
import { actAs, stateOf } from './auth-states';

/** Amounts compared in whole paise, as the app sums them. */
const paise = (value: string | null) => Math.round(Number(value) * 100);
const INR_FULL = /^-?₹[\d,]+\.\d{2}$/;

async function dataValues(locator: Locator, attribute = 'data-value'): Promise<string[]> {
  return locator.evaluateAll((els, name) => els.map((el) => el.getAttribute(name) ?? ''), attribute);
}

async function rowCodes(page: Page): Promise<string[]> {
  return dataValues(page.getByTestId('receivable-row'), 'data-code');
}

/** Client islands act only once hydrated; the lists are server-rendered before that. */
async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

test.use({ storageState: stateOf('admin') });

test('the dashboard shows the summary cards, the charts and the top overdue, and the balance is the sum of the ageing bars', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL('/borrowers/dashboard');
  await page.waitForLoadState('networkidle');
  const cards = page.getByTestId('summary-cards');
  for (const label of ['Balance', 'Current', 'Overdue', 'Collected last month', 'Overall risk', 'Risk distribution']) {
    await expect(cards.getByText(label, { exact: true })).toBeVisible();
  }
  const balance = page.getByTestId('card-balance').locator('[data-value]');
  await expect(balance).toHaveText(/^₹[\d.]+ (Cr|L|K)$/);
  await expect(balance).toHaveAttribute('title', INR_FULL);
  await expect(page.getByTestId('card-risk')).toContainText(/\d\.\d \/ 3/);
  // The demo holds receipts on account not yet allocated: the card says the net balance beside the balance.
  const net = page.getByTestId('card-net-balance');
  await expect(net).toContainText(/^Net ₹[\d.]+ (Cr|L|K) after ₹[\d.]+ (Cr|L|K) received on account$/);
  expect(paise(await net.getAttribute('data-net-balance'))).toBe(
    paise(await balance.getAttribute('data-value')) + paise(await net.getAttribute('data-unallocated')),
  );

  const bars = page.getByTestId('ageing-bar');
  await expect(bars).toHaveCount(5);
  expect(await dataValues(bars, 'data-bucket')).toEqual([
    'current',
    'crdBucket1',
    'crdBucket2',
    'crdBucket3',
    'crdBucket4',
  ]);
  const barSum = (await dataValues(bars)).reduce((sum, value) => sum + paise(value), 0);
  expect(barSum).toBe(paise(await balance.getAttribute('data-value')));
  expect(barSum).toBeGreaterThan(0);
  await expect(page.getByTestId('ageing-section')).toContainText('1-30 days');
  await expect(page.getByTestId('ageing-section')).toContainText('90+ days');

  await expect(page.getByTestId('trend-chart').locator('svg path').first()).toBeVisible();
  const top = page.getByTestId('top-overdue').getByRole('row');
  await expect(top).toHaveCount(11);
  await expect(top.nth(1).getByRole('link')).toHaveAttribute('href', /^\/borrowers\/obligors\/P?\w+$/);
  await expect(page.getByTestId('last-updated')).toBeVisible();
  await page.waitForTimeout(800); // let the bars finish growing
  await screenshot(page, 'dashboard');
});

test('the receivables list sorts by a clicked column, keeps the sort in the URL and reopens it from the link', async ({
  page,
}) => {
  await openSettled(page, '/borrowers/receivables');
  await expect(page.getByTestId('page-range')).toContainText(/^1–10 of [\d,]+ parent customers with receivables$/);
  const byBalance = await rowCodes(page);
  const balances = (await dataValues(page.getByTestId('cell-balance'))).map(Number);
  expect(balances).toEqual([...balances].sort((a, b) => b - a));
  // Money received on account shows beneath the balance, with the net balance (balance less it), row by row and in the totals.
  const onAccount = page.getByTestId('cell-unallocated');
  const unallocated = (await dataValues(onAccount)).map(paise);
  expect(unallocated.length).toBe(balances.length);
  const nets = (await dataValues(onAccount, 'data-net-balance')).map(paise);
  expect(nets).toEqual(balances.map((b, i) => Math.round(b * 100) + unallocated[i]!));
  await expect(onAccount.first()).toHaveText(/^[\d,]+\.\d{2} On A\/c$/);
  const total = page.getByTestId('total-unallocated');
  const totalUnallocated = paise(await total.getAttribute('data-value'));
  expect(totalUnallocated).toBeLessThan(0);
  expect(paise(await total.getAttribute('data-net-balance'))).toBe(
    paise(await page.getByTestId('total-balance').getAttribute('data-value')) + totalUnallocated,
  );
  await screenshot(page, 'receivables');

  await page.getByTestId('receivables-table').getByRole('link', { name: 'Overdue', exact: true }).click();
  await expect(page).toHaveURL(/sortBy=overdue&order=DESC/);
  await expect(page.getByTestId('receivables-table').getByRole('columnheader', { name: 'Overdue' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const overdue = (await dataValues(page.getByTestId('cell-overdue'))).map(Number);
  expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
  const byOverdue = await rowCodes(page);
  expect(byOverdue).not.toEqual(byBalance);

  await page.reload();
  expect(await rowCodes(page)).toEqual(byOverdue);

  await page.getByTestId('receivables-table').getByRole('link', { name: 'Overdue', exact: true }).click();
  await expect(page).toHaveURL(/sortBy=overdue&order=ASC/);
  const ascending = (await dataValues(page.getByTestId('cell-overdue'))).map(Number);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
});

test('changing a filter takes the list back to page 1', async ({ page }) => {
  await openSettled(page, '/borrowers/receivables?offset=3');
  await expect(page.getByTestId('page-range')).toContainText(/^21–30 of/);
  await page.getByLabel('Region').selectOption({ label: 'South' });
  await expect(page).toHaveURL(/dim1Id=\d+/);
  expect(page.url()).not.toContain('offset=');
  await expect(page.getByTestId('page-range')).toContainText(/^1–10 of/);
  await expect(page.getByTestId('dim1-overview').locator('a[aria-current="true"]')).toContainText('South');

  await page.getByRole('radio', { name: 'Invoice Date' }).click();
  await expect(page).toHaveURL(/basis=INVOICE_DATE/);
  await expect(page.getByTestId('receivables-table').getByRole('columnheader', { name: /0-30 days/ })).toBeVisible();
  await expect(page.getByTestId('receivables-table').getByRole('columnheader', { name: /Current/ })).toHaveCount(0);
});

test('a list offers 10, 25, 50 or 100 rows a page, kept in the URL, from the first page', async ({ page }) => {
  await openSettled(page, '/borrowers/receivables?offset=2');
  const sizes = page.getByRole('group', { name: 'Rows per page' }).first();
  await expect(sizes.getByRole('link')).toHaveText(['10', '25', '50', '100']);
  await sizes.getByRole('link', { name: '25' }).click();
  await expect(page).toHaveURL(/count=25/);
  expect(page.url()).not.toContain('offset=');
  await expect(page.getByTestId('page-range').first()).toContainText(/^1–25 of/);
  await expect(page.getByTestId('receivables-table').locator('tbody tr')).toHaveCount(25);
  await screenshot(page, 'receivables-25-rows');
});

test('the totals row of the full list is the client summary and a family total is the sum of its customers', async ({
  page,
}) => {
  await openSettled(page, '/borrowers/receivables');
  const total = page.getByTestId('receivables-totals');
  await expect(total).toContainText(/Total · [\d,]+ customers/);
  const first = page.getByTestId('receivable-row').first();
  const parent = (await first.getAttribute('data-code'))!;
  await first.getByTestId('receivable-name').click();
  await expect(page).toHaveURL(`/borrowers/receivables?parentSysObligorCode=${parent}`);
  const rows = page.getByTestId('receivable-row');
  await expect(rows.first()).toBeVisible();
  if ((await rows.count()) < 10) {
    const sum = (await dataValues(page.getByTestId('cell-balance'))).reduce((s, v) => s + paise(v), 0);
    expect(paise(await page.getByTestId('total-balance').getAttribute('data-value'))).toBe(sum);
  }
});

test('drill-down: parent customer, then the customers of its family, then a customer’s open invoices, and back', async ({
  page,
}) => {
  await openSettled(page, '/borrowers/receivables');
  const parent = (await page.getByTestId('receivable-row').first().getAttribute('data-code'))!;
  const parentName = (
    await page.getByTestId('receivable-row').first().getByTestId('receivable-name').innerText()
  ).trim();
  await page.getByTestId('receivable-row').first().getByTestId('receivable-name').click();
  await expect(page).toHaveURL(`/borrowers/receivables?parentSysObligorCode=${parent}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText(parentName);
  await expect(page.getByTestId('dim1-section')).toHaveCount(0);
  await expect(page.getByTestId('receivables-totals')).toBeVisible();
  await screenshot(page, 'receivables-family');

  const child = page.getByTestId('receivable-row').first();
  const customer = (await child.getAttribute('data-code'))!;
  await child.getByRole('link', { name: 'Open invoices →' }).click();
  await expect(page).toHaveURL(`/borrowers/invoices?sysObligorCode=${customer}`);
  const invoices = page.getByTestId('invoice-row');
  await expect(invoices.first()).toBeVisible();
  expect(new Set(await dataValues(invoices, 'data-customer'))).toEqual(new Set([customer]));
  await expect(page.getByTestId('invoice-scope')).not.toHaveText('');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: parentName }).click();
  await expect(page).toHaveURL(`/borrowers/receivables?parentSysObligorCode=${parent}`);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'All parent customers' })
    .click();
  await expect(page).toHaveURL('/borrowers/receivables');
});

test('invoice search waits for 3 characters, then narrows the list by invoice number', async ({ page }) => {
  await openSettled(page, '/borrowers/invoices');
  await screenshot(page, 'invoices');
  const firstNumber = (await page.getByTestId('invoice-link').first().innerText()).trim();
  const term = firstNumber.slice(-6);

  const box = page.getByLabel('Invoice number');
  await box.fill(term.slice(0, 2));
  await expect(page.getByTestId('invoice-search-hint')).toHaveText('Type at least 3 characters to search');
  await page.waitForTimeout(700);
  expect(page.url()).not.toContain('invoiceNum');

  await box.fill(term);
  await expect(page).toHaveURL(new RegExp(`invoiceNum=${term}`));
  await expect(page.getByTestId('invoice-search-hint')).toHaveText('');
  // The list loads after the URL changes (its loading state has no rows): wait for the narrowed rows.
  await expect
    .poll(async () => {
      const numbers = await page.getByTestId('invoice-link').allInnerTexts();
      return numbers.length > 0 && numbers.every((number) => number.includes(term));
    })
    .toBe(true);

  await page.getByTestId('invoice-filters').getByRole('link', { name: 'Reset' }).click();
  await expect(page).toHaveURL('/borrowers/invoices');
  await expect(box).toHaveValue('');

  await page.goto('/borrowers/invoices?invoiceNum=ab');
  await expect(page.getByTestId('invalid-link')).toContainText('enter at least 3 characters');
});

test('an invoice shows its facts, ageing and payments; an unknown invoice is a 404', async ({ page }) => {
  await openSettled(page, '/borrowers/invoices?count=50');
  const partlyPaid = await page
    .getByTestId('invoice-row')
    .evaluateAll((rows) =>
      rows
        .find((row) => Number(row.getAttribute('data-amount')) > Number(row.getAttribute('data-outstanding')))
        ?.getAttribute('data-invoice'),
    );
  expect(partlyPaid).toBeTruthy();
  await page.locator(`[data-invoice="${partlyPaid}"]`).getByTestId('invoice-link').click();
  await expect(page).toHaveURL(`/borrowers/invoices/${encodeURIComponent(partlyPaid!)}`);

  await expect(page.getByTestId('invoice-detail')).toBeVisible();
  await expect(page.getByTestId('payment-row').first()).toBeVisible();
  const amount = paise(await page.getByTestId('invoice-amount').locator('[data-value]').getAttribute('data-value'));
  const paid = paise(await page.getByTestId('invoice-paid').locator('[data-value]').getAttribute('data-value'));
  const outstanding = paise(
    await page.getByTestId('invoice-outstanding').locator('[data-value]').getAttribute('data-value'),
  );
  expect(paid + outstanding).toBe(amount);
  const payments = (await dataValues(page.getByTestId('payment-row'))).reduce((s, v) => s + paise(v), 0);
  expect(payments).toBe(paid);
  await expect(page.getByTestId('invoice-amount').locator('[data-value]')).toHaveText(INR_FULL);
  await screenshot(page, 'invoice-detail');

  const response = await page.goto('/borrowers/invoices/NO-SUCH-INVOICE');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('an invoice payable in instalments shows its schedule, aged by its oldest open instalment', async ({ page }) => {
  // About one large invoice in 25 of the demo is payable in instalments: look among the largest open ones.
  await openSettled(page, '/borrowers/invoices?sortBy=amount&order=DESC&count=100');
  const numbers = await page
    .getByTestId('invoice-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-invoice') ?? ''));
  let found: { num: string; daysPastDue: number } | undefined;
  for (const num of numbers) {
    const detail = (await (
      await page.request.get(`/api/invoices?sysInvoiceNum=${encodeURIComponent(num)}`)
    ).json()) as {
      daysPastDue: number;
      instalments: { outstanding: number; daysPastDue: number }[];
    };
    const oldestOpen = detail.instalments.find((k) => k.outstanding !== 0);
    if (oldestOpen) {
      expect(detail.daysPastDue).toBe(oldestOpen.daysPastDue);
      found = { num, daysPastDue: detail.daysPastDue };
      break;
    }
  }
  expect(found, 'an open invoice with instalments among the 100 largest').toBeTruthy();
  await page.goto(`/borrowers/invoices/${encodeURIComponent(found!.num)}`);
  await expect(page.getByTestId('instalments-section')).toBeVisible();
  const owed = (await dataValues(page.getByTestId('instalment-row'))).reduce((s, v) => s + paise(v), 0);
  const outstanding = paise(
    await page.getByTestId('invoice-outstanding').locator('[data-value]').getAttribute('data-value'),
  );
  expect(owed).toBe(outstanding);
  await screenshot(page, 'invoice-instalments');
});

test('a credit note reads as a credit: what is left to use, never days past due', async ({ page }) => {
  await openSettled(page, '/borrowers/invoices?docType=CREDIT_NOTE');
  const note = await page.getByTestId('invoice-row').first().getAttribute('data-invoice');
  expect(note).toBeTruthy();
  await page.goto(`/borrowers/invoices/${encodeURIComponent(note!)}`);
  const left = page.getByTestId('invoice-outstanding');
  await expect(left).toContainText('Credit not yet used');
  expect(Number(await left.locator('[data-value]').getAttribute('data-value'))).toBeGreaterThanOrEqual(0);
  await expect(page.getByTestId('invoice-ageing')).toContainText('never overdue');
  await expect(page.getByTestId('invoice-ageing')).not.toContainText('Days past due');
  await screenshot(page, 'credit-note-detail');
});

test('a link with an invalid parameter shows a clear message instead of failing', async ({ page }) => {
  const response = await page.goto('/borrowers/receivables?sortBy=bogus&offset=0');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('invalid-link')).toContainText('sortBy');
  await expect(page.getByTestId('invalid-link')).toContainText('offset is a page number starting at 1');
  await page.getByRole('link', { name: 'Clear the filters and start again' }).click();
  await expect(page).toHaveURL('/borrowers/receivables');
  await expect(page.getByTestId('receivable-row').first()).toBeVisible();
});

test('the fallback user (no permission data) can open the receivables', async ({ page }) => {
  await actAs(page, 'staff');
  await page.goto('/');
  await expect(page).toHaveURL('/borrowers/receivables');
  await expect(page.getByTestId('receivable-row').first()).toBeVisible();
  await expect(page.getByTestId('dim1-overview')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'receivables-fallback');
});

test("date fields read dd/mm/yyyy and default to the client's today in a US browser on New York time", async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: stateOf('admin'),
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  const indiaToday = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await openSettled(page, '/borrowers/credit_limit');
  const asOf = page.getByTestId('credit-limit-date');
  await expect(asOf).toHaveValue(indiaToday);
  await asOf.fill('15/10/2026');
  await asOf.press('Enter');
  await expect(page).toHaveURL(/date=2026-10-15/);
  await asOf.fill('31/02/2026');
  await asOf.press('Tab');
  await expect(page.getByText('Enter the date as dd/mm/yyyy').first()).toBeVisible();
  await expect(page).toHaveURL(/date=2026-10-15/);
  await context.close();
});

test('one clock: a browser in India and one in UTC read the same times, in the client time zone', async ({
  browser,
}) => {
  const seen: string[] = [];
  for (const timezoneId of ['Asia/Kolkata', 'UTC']) {
    const context = await browser.newContext({ storageState: stateOf('admin'), timezoneId });
    const page = await context.newPage();
    await openSettled(page, '/borrowers/receivables');
    const stamp = page.getByTestId('last-updated');
    await expect(stamp).toContainText(/Last updated: \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm)|never/);
    seen.push((await stamp.textContent()) ?? '');
    await context.close();
  }
  expect(seen[1]).toBe(seen[0]);
});

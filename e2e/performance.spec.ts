import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers';
import { actAs, stateOf } from './auth-states';

async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** The dim1 list's value names, top to bottom. */
async function dimNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('dim1-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-dim') ?? ''));
}

/** Starts the tour and clicks Next until the last step's Done; returns how many popovers were shown. */
async function countTourSteps(page: Page): Promise<string[]> {
  await page.getByTestId('start-tour').click();
  const titles: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const popover = page.locator('.driver-popover');
    await expect(popover).toBeVisible();
    titles.push((await popover.locator('.driver-popover-title').textContent()) ?? '');
    const done = await popover.locator('.driver-popover-next-btn').textContent();
    await popover.locator('.driver-popover-next-btn').click();
    if (done?.includes('Done')) break;
  }
  await expect(page.locator('.driver-popover')).toHaveCount(0);
  return titles;
}

test.use({ storageState: stateOf('admin') });

test('the region performance page sorts through the URL and drills down to a region whose figures equal its row', async ({
  page,
}) => {
  await openSettled(page, '/borrowers/dimension1');
  await expect(page.getByRole('heading', { name: 'Region Performance' })).toBeVisible();
  await expect(page.getByTestId('dim-chart')).toBeVisible();
  const byBalance = await dimNames(page);
  expect(byBalance.length).toBeGreaterThan(1);
  await screenshot(page, 'performance-dim1');

  await page.getByTestId('dim1-table').locator('[data-sort="name"]').click();
  await expect(page).toHaveURL(/sortBy=name&order=ASC/);
  await expect.poll(() => dimNames(page)).toEqual([...byBalance].sort((a, b) => a.localeCompare(b)));
  await page.getByTestId('dim1-table').locator('[data-sort="name"]').click();
  await expect(page).toHaveURL(/sortBy=name&order=DESC/);
  await expect.poll(() => dimNames(page)).toEqual([...byBalance].sort((a, b) => b.localeCompare(a)));

  const row = page.getByTestId('dim1-table').locator('tbody tr').first();
  const name = (await row.getAttribute('data-dim'))!;
  const balance = await row.locator('[data-col="balance"] [data-value]').getAttribute('data-value');
  const overdue = await row.locator('[data-col="overdue"] [data-value]').getAttribute('data-value');
  const collections = await row.locator('[data-col="collections"] [data-value]').getAttribute('data-value');
  const dso = (await row.locator('[data-col="dso"]').textContent())!.trim();
  await row.getByTestId('dim-link').click();
  await expect(page).toHaveURL(/\/borrowers\/dimension1\/\d+$/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: `${name} Region` })).toBeVisible();
  await expect(page.getByTestId('card-balance').locator('[data-value]')).toHaveAttribute('data-value', balance!);
  await expect(page.getByTestId('card-overdue').locator('[data-value]')).toHaveAttribute('data-value', overdue!);
  await expect(page.getByTestId('card-collections').locator('[data-value]')).toHaveAttribute(
    'data-value',
    collections!,
  );
  await expect(page.getByTestId('card-dso')).toContainText(`${dso} days`);
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await expect(page.getByTestId('ageing-chart')).toBeVisible();
  // The dim2 breakdown adds up to the region's balance.
  await expect(page.getByTestId('dim2-table-total').locator('td').nth(1).locator('[data-value]')).toHaveAttribute(
    'data-value',
    balance!,
  );
  await expect(page.getByTestId('top-customers').locator('a[href^="/borrowers/obligors/"]').first()).toBeVisible();
  await screenshot(page, 'performance-dim1-detail');
});

test("the business performance beta shows the dimension call's figures at both dates", async ({ page }) => {
  await openSettled(page, '/borrowers/business-performance-beta');
  await expect(page.getByTestId('period-matrix')).toBeVisible();
  const dates = page.getByTestId('period-matrix-dates');
  const date = (await dates.getAttribute('data-date'))!;
  const compareDate = (await dates.getAttribute('data-compare-date'))!;
  expect(compareDate < date).toBe(true);
  const groups = page.getByTestId('period-matrix').locator('tbody[data-group]');
  expect(await groups.count()).toBeGreaterThan(1);
  await screenshot(page, 'performance-beta-matrix');

  // The first dim1 value: its total row and its largest dim2 value equal GET /v4/dim/receivables/current.
  const group = groups.first();
  const id = (await group.getByRole('link', { name: /^Focus on/ }).getAttribute('href'))!.split('/').pop()!;
  const dims = async (query: Record<string, string>) => {
    const res = await page.request.get(`/api/v4/dim/receivables/current?${new URLSearchParams(query)}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as { name: string; balance: number; overduePercent: number }[];
  };
  const [now] = await dims({ groupingKey: 'dim1', dim1Id: id, date, count: '1' });
  const [before] = await dims({ groupingKey: 'dim1', dim1Id: id, date: compareDate, count: '1' });
  const rows = group.locator('tr[data-row]');
  const total = rows.first();
  await expect(total).toHaveAttribute('data-row', now!.name);
  await expect(total.locator('[data-col="balance"]')).toHaveAttribute('data-value', String(now!.balance));
  await expect(total.locator('[data-col="balanceBefore"]')).toHaveAttribute('data-value', String(before!.balance));
  await expect(total.locator('[data-col="overduePercent"]')).toHaveAttribute('data-value', String(now!.overduePercent));
  const [largest] = await dims({ groupingKey: 'dim2', dim1Id: id, date, count: '100', sortBy: 'balance' });
  await expect(rows.nth(1)).toHaveAttribute('data-row', largest!.name);
  await expect(rows.nth(1).locator('[data-col="balance"]')).toHaveAttribute('data-value', String(largest!.balance));

  await group.getByRole('link', { name: /^Focus on/ }).click();
  await expect(page).toHaveURL(new RegExp(`/borrowers/business-performance-beta/${id}$`));
  await expect(page.getByTestId('period-matrix').locator('tbody[data-group]')).toHaveCount(1);
  await expect(
    page.getByTestId('period-matrix').locator('tr[data-row]').first().locator('[data-col="balance"]'),
  ).toHaveAttribute('data-value', String(now!.balance));
});

test("the summary dashboard beta shows the summary and overview calls' figures for both periods", async ({ page }) => {
  await openSettled(page, '/borrowers/summary-dashboard-beta');
  const comparison = page.getByTestId('period-comparison');
  await expect(comparison).toBeVisible();
  const nowDate = (await comparison.getAttribute('data-now'))!;
  const beforeDate = (await comparison.getAttribute('data-before'))!;
  const fromDate = (await comparison.getAttribute('data-from'))!;
  const summary = async (date: string) =>
    (await (await page.request.get(`/api/v4/clients/receivables/current/summary?date=${date}`)).json()) as {
      balance: number;
      overdue: number;
    };
  const [now, before] = await Promise.all([summary(nowDate), summary(beforeDate)]);
  expect(now.balance).toBeGreaterThan(0);
  await expect(page.getByTestId('cmp-balance').locator('[data-value]').first()).toHaveAttribute(
    'data-value',
    String(now.balance),
  );
  await expect(page.getByTestId('cmp-balance').locator('[data-delta]')).toHaveAttribute(
    'data-delta',
    String(now.balance - before.balance),
  );
  await expect(page.getByTestId('cmp-overdue').locator('[data-value]').first()).toHaveAttribute(
    'data-value',
    String(now.overdue),
  );
  await expect(page.getByTestId('cmp-overdue').locator('[data-delta]')).toHaveAttribute(
    'data-delta',
    String(now.overdue - before.overdue),
  );
  const overview = await (
    await page.request.get(`/api/v3/clients/receivables/overview?fromDate=${fromDate}&toDate=${nowDate}`)
  ).json();
  const months = overview[0].months as { collected: number }[];
  await expect(page.getByTestId('cmp-collections').locator('[data-value]').first()).toHaveAttribute(
    'data-value',
    String(months.at(-1)!.collected),
  );
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await expect(page.getByTestId('ageing-chart')).toBeVisible();
  await expect(page.getByTestId('beta-segmentation').locator('svg').first()).toBeVisible();
  await screenshot(page, 'performance-beta-summary');
});

test('the tour walks the admin through six menu groups and the field officer through two', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await countTourSteps(page)).toEqual([
    'Summary Dashboard',
    'Customer Analysis',
    'Receivables',
    'Reports',
    'Region Performance',
    'Worklist and tasks',
  ]);
  await page.getByTestId('start-tour').click();
  await expect(page.locator('.driver-popover')).toBeVisible();
  await screenshot(page, 'performance-tour');
  await page.keyboard.press('Escape');

  await actAs(page, 'guest');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await countTourSteps(page)).toEqual(['Receivables', 'Worklist and tasks']);
});

test.describe('signed in as the portal-only user', () => {
  test.use({ storageState: stateOf('portal') });

  test('portal-only users get no tour button', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('top-bar-title')).toContainText('Customer Portal');
    await expect(page.getByTestId('start-tour')).toHaveCount(0);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { screenshot, signIn, USERS } from './helpers';

async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** The dim1 list's value names, top to bottom. */
async function dimNames(page: Page): Promise<string[]> {
  return page.getByTestId('dim1-table').locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-dim') ?? ''));
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

test('the region performance page sorts through the URL and drills down to a region whose figures equal its row', async ({ page }) => {
  await signIn(page, USERS.admin);
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
  await expect(page.getByTestId('card-collections').locator('[data-value]')).toHaveAttribute('data-value', collections!);
  await expect(page.getByTestId('card-dso')).toContainText(`${dso} days`);
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await expect(page.getByTestId('ageing-chart')).toBeVisible();
  // The dim2 breakdown adds up to the region's balance.
  await expect(page.getByTestId('dim2-table-total').locator('td').nth(1).locator('[data-value]')).toHaveAttribute('data-value', balance!);
  await expect(page.getByTestId('top-customers').locator('a[href^="/borrowers/obligors/"]').first()).toBeVisible();
  await screenshot(page, 'performance-dim1-detail');
});

test('the beta pages render their figures', async ({ page }) => {
  await signIn(page, USERS.admin);
  await openSettled(page, '/borrowers/business-performance-beta');
  await expect(page.getByTestId('period-matrix')).toBeVisible();
  const groups = page.getByTestId('period-matrix').locator('tbody[data-group]');
  expect(await groups.count()).toBeGreaterThan(1);
  await screenshot(page, 'performance-beta-matrix');
  await groups.first().getByRole('link', { name: /^Focus on/ }).click();
  await expect(page).toHaveURL(/\/borrowers\/business-performance-beta\/\d+$/);
  await expect(page.getByTestId('period-matrix').locator('tbody[data-group]')).toHaveCount(1);

  await openSettled(page, '/borrowers/summary-dashboard-beta');
  await expect(page.getByTestId('period-comparison')).toBeVisible();
  for (const id of ['cmp-balance', 'cmp-overdue', 'cmp-collections', 'cmp-dso']) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await expect(page.getByTestId('ageing-chart')).toBeVisible();
  await expect(page.getByTestId('beta-segmentation').locator('svg').first()).toBeVisible();
  await screenshot(page, 'performance-beta-summary');
});

test('the tour walks the admin through six menu groups and the field officer through two', async ({ page }) => {
  await signIn(page, USERS.admin);
  await page.waitForLoadState('networkidle');
  expect(await countTourSteps(page)).toEqual(['Summary Dashboard', 'Customer Analysis', 'Receivables', 'Reports', 'Region Performance', 'Tasks']);
  await page.getByTestId('start-tour').click();
  await expect(page.locator('.driver-popover')).toBeVisible();
  await screenshot(page, 'performance-tour');
  await page.keyboard.press('Escape');

  await page.context().clearCookies();
  await signIn(page, USERS.guest);
  await page.waitForLoadState('networkidle');
  expect(await countTourSteps(page)).toEqual(['Receivables', 'Tasks']);
});

test('portal-only users get no tour button', async ({ page }) => {
  await signIn(page, USERS.portal);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('top-bar-title')).toContainText('Customer Portal');
  await expect(page.getByTestId('start-tour')).toHaveCount(0);
});

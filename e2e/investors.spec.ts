import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { actAs, stateOf } from './auth-states';

test.describe('signed in as the investor', () => {
  test.use({ storageState: stateOf('investor') });

  test('an investor subscribes to an offering and sees it in My Securities', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/investors\/my_securities$/);
    await expect(page.getByTestId('holdings')).toBeVisible();
    const before = await page.getByTestId('holding-row').count();
    await screenshot(page, 'investors-my-securities');

    await page.getByRole('link', { name: 'New offerings' }).first().click();
    await expect(page.getByTestId('offerings')).toBeVisible();
    await screenshot(page, 'investors-offerings');
    const open = page
      .getByTestId('offering-row')
      .filter({ has: page.getByTestId('offering-state').getByText('Open', { exact: true }) })
      .first();
    const name = (await open.getByRole('link').first().innerText()).trim();
    await open.getByRole('link').first().click();
    await expect(page.getByTestId('offering-terms')).toBeVisible();
    await expect(page.getByTestId('pool-performance')).toBeVisible();
    await screenshot(page, 'investors-offering');

    // Below the minimum ticket: refused, nothing recorded.
    await page.getByTestId('subscribe-amount').fill('500000');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('subscribe-error')).toContainText('minimum ticket');
    await page.getByTestId('subscribe-amount').fill('2000000');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/investors\/my_securities\/\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('cashflows')).toBeVisible();
    await screenshot(page, 'investors-holding');

    await page.goto('/investors/my_securities');
    await expect(page.getByTestId('holding-row')).toHaveCount(before + 1);
    await expect(
      page.getByTestId('holding-row').filter({ hasText: name }).filter({ hasText: '20,00,000' }),
    ).toHaveCount(1);

    await page.goto('/investors/originators');
    await screenshot(page, 'investors-originators');
    await page.getByTestId('originator-card').first().click();
    await expect(page.getByTestId('pool-months')).toBeVisible();
    await screenshot(page, 'investors-originator');
  });
});

test.describe('signed in as the admin', () => {
  test.use({ storageState: stateOf('admin') });

  test('borrowers never see investor pages and investors never see borrower pages', async ({ page }) => {
    await page.goto('/investors/my_securities');
    await expect(page).toHaveURL(/\/borrowers\//);
    const api = await page.request.get('/api/investors/holdings');
    expect(api.status()).toBe(403);
    await actAs(page, 'investor');
    await page.goto('/customerportal');
    await expect(page).toHaveURL(/\/investors\/my_securities$/);
    expect((await page.request.get('/api/customerportal/statement?sysObligorCode=X')).status()).toBe(403);
  });
});

import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { actAs, stateOf } from './auth-states';

test.use({ storageState: stateOf('admin') });

test('the CFO reads the provision at the quarter end, adjusts a segment and takes the workbook', async ({ page }) => {
  await page.goto('/borrowers/provision?date=2026-09-30');
  await expect(page.getByRole('heading', { name: 'Provision for expected credit losses' })).toBeVisible();
  const summary = page.getByTestId('provision-summary');
  await expect(summary).toContainText('Allowance at 30/09/2026');
  await expect(summary).toContainText('Allowance at 30/06/2026');
  const matrix = page.getByTestId('provision-matrix').first();
  await expect(matrix.locator('tbody tr')).toHaveCount(6); // five buckets and the total
  await expect(page.getByTestId('provision-journal')).toContainText('30/09/2026');
  await screenshot(page, 'provision');

  // By region: one matrix per region, each with its own adjustment.
  await page.getByLabel('Segments').selectOption({ index: 1 });
  await expect(page).toHaveURL(/segment=dim1/);
  await expect(page.getByTestId('provision-matrix').nth(1)).toBeVisible();
  const first = page.getByRole('form').first();
  await first.getByLabel('Adjustment (%)').fill('15');
  await first.getByLabel(/^Reason/).fill('Slower monsoon sales: dealers in the region are paying later');
  await first.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(first.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(
    page
      .getByRole('form')
      .first()
      .getByLabel(/^Reason/),
  ).toHaveValue('Slower monsoon sales: dealers in the region are paying later');
  await screenshot(page, 'provision-by-region');

  const href = await page.getByRole('link', { name: 'Download workbook' }).getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('spreadsheetml');

  // The adjustment is in the edit log, with its reason.
  await page.goto('/borrowers/users/audit?action=provision_adjusted');
  await expect(page.getByTestId('audit-log')).toContainText('Provision adjustment set');
  await expect(page.getByTestId('audit-log')).toContainText('Slower monsoon sales');

  await actAs(page, 'guest');
  await page.goto('/borrowers/provision');
  await expect(page).toHaveURL('/borrowers/errors/unauthorized');
});

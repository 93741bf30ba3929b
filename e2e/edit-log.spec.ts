import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

test.use({ storageState: stateOf('admin') });

test('the edit log: sealed chain, filters and the CSV an auditor takes away', async ({ page }) => {
  await page.goto('/borrowers/users/audit');
  await page.getByRole('link', { name: 'Check the chain' }).click();
  await expect(page.getByTestId('audit-chain')).toContainText('Chain intact');
  await expect(page.getByTestId('audit-log')).toContainText('Signed in');
  await screenshot(page, 'edit-log');

  await page.getByLabel('Event').selectOption({ label: 'Signed in' });
  await expect(page).toHaveURL(/action=sign_in/);
  const events = page.getByTestId('audit-log').locator('tbody tr td:nth-child(3)');
  await expect(events.first()).toHaveText('Signed in');
  expect(new Set(await events.allInnerTexts())).toEqual(new Set(['Signed in']));

  const download = page.getByRole('link', { name: 'Download CSV' });
  await expect(download).toHaveAttribute('href', /export\.csv\?action=sign_in/);
  const res = await page.request.get((await download.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  const lines = (await res.text()).trim().split('\r\n');
  expect(lines[0]).toMatch(/^seq,at \(Asia\/Kolkata\),at_utc,action,by/);
  expect(lines.slice(1).every((l) => l.includes(',sign_in,'))).toBe(true);
});

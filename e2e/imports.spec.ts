import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

/** New customers only (no invoices): the demo receivables the other specs read stay as they are. */
const OBLIGORS = {
  name: 'obligors.csv',
  mimeType: 'text/csv',
  buffer: csv([
    'sys_obligor_code,name,parent_sys_obligor_code',
    'E2E-IMP-1,Sai Krupa Enterprises,',
    'E2E-IMP-2,,',
    'E2E-IMP-3,Mahalaxmi Traders,E2E-NOPE',
  ]),
};

test.use({ storageState: stateOf('admin') });

test('an admin uploads a batch: refused whole by default, imported without its bad rows when asked', async ({
  page,
}) => {
  await page.goto('/borrowers/integrations');
  await page.waitForLoadState('networkidle');
  const status = page.getByRole('status').filter({ hasText: /Imported|Refused/ });

  await page.getByLabel(/^Files/).setInputFiles(OBLIGORS);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(status).toContainText('Refused');
  await expect(status).toContainText('nothing was written');
  await expect(status.getByRole('row').filter({ hasText: 'E2E-NOPE' })).toBeVisible();

  await page.getByLabel(/^Files/).setInputFiles(OBLIGORS);
  await page.getByLabel('Import the good rows and skip the bad ones').check();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(status).toContainText('Imported');
  await expect(status).toContainText('1 new, 0 updated, 2 skipped');
  await expect(status).toContainText('These rows were skipped');
  await expect(status.getByRole('row').filter({ hasText: 'E2E-NOPE' })).toBeVisible();
  await screenshot(page, 'integrations-skip-bad-rows');

  // The past imports list both batches, newest first.
  const history = page.getByRole('table').last();
  await expect(history.getByRole('row').nth(1)).toContainText('Imported');
  await expect(history.getByRole('row').nth(2)).toContainText('Refused');
});

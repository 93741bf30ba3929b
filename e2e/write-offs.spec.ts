import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { actAs, stateOf } from './auth-states';

test.use({ storageState: stateOf('admin') });

test('an admin asks to write off an old invoice, another approves it, and the invoice shows it', async ({ page }) => {
  // The open-invoice list starts with the latest debt.
  await page.goto('/borrowers/invoices');
  const first = page.locator('a[href^="/borrowers/invoices/"]').first();
  const href = (await first.getAttribute('href'))!;
  await page.goto(href);
  const title = page.getByRole('heading', { name: /^Invoice \S+$/ });
  const invoiceNum = (await title.textContent())!.replace(/^Invoice /, '').trim();
  await page.getByRole('button', { name: 'Write off' }).click();
  const dialog = page.getByTestId('write-off-dialog');
  await expect(dialog).toContainText(`Write off invoice ${invoiceNum}`);
  // No reason: the field says what is missing.
  await dialog.getByLabel('Amount to write off (₹)').fill('1000');
  await dialog.getByRole('button', { name: 'Ask for approval' }).click();
  await expect(dialog).toContainText('say why the debt is bad');
  await dialog.getByLabel('Why the debt is bad').fill('Customer closed the shop; legal notice returned undelivered');
  await screenshot(page, 'write-off-dialog');
  await dialog.getByRole('button', { name: 'Ask for approval' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Write-off asked' })).toBeVisible();

  // Whoever asked cannot approve it.
  await page.goto('/borrowers/write-offs');
  const pending = page.getByTestId('write-offs-pending');
  await expect(pending).toContainText(invoiceNum);
  await expect(pending).toContainText('Waiting for another approver');

  await actAs(page, 'root');
  await page.goto('/borrowers/write-offs');
  await screenshot(page, 'write-offs-pending');
  await page.getByRole('button', { name: `Approve the write-off of ${invoiceNum}` }).click();
  await expect(page.getByTestId('write-offs-approved')).toContainText(invoiceNum);
  await expect(page.getByTestId('write-offs-pending')).toContainText('No write-off is waiting for approval.');
  await screenshot(page, 'write-offs-approved');

  await page.goto(href);
  await expect(page.getByTestId('payments-table')).toContainText('Bad debt written off');

  await actAs(page, 'guest');
  await page.goto('/borrowers/write-offs');
  await expect(page).toHaveURL('/borrowers/errors/unauthorized');
});

import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
/** India's day as YYYY-MM-DD and dd/mm/yyyy, offset by some days: the demo client's today. */
function indiaDay(offset = 0): { iso: string; typed: string } {
  const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' })
    .format(new Date(Date.now() + offset * 86_400_000))
    .split('/');
  return { iso: `${y}-${m}-${d}`, typed: `${d}/${m}/${y}` };
}

/**
 * A post-dated cheque taken from a customer: on the customer page it is recorded, it is a promise
 * to pay on its date and waits on the worklist's "due to deposit" list; deposited and returned
 * unpaid, it counts a bounce and starts the s138 clock as dated tasks.
 */
test.describe('post-dated cheques', () => {
  test.use({ storageState: stateOf('admin') });

  test('a PDC is recorded, listed to deposit, returned, and the s138 tasks appear', async ({ page }) => {
    const run = String(Date.now() % 100000).padStart(5, '0');
    const code = `E2E-CHQ-${run}`;
    await page.goto('/borrowers/integrations');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Files/).setInputFiles([
      {
        name: 'obligors.csv',
        mimeType: 'text/csv',
        buffer: csv(['sys_obligor_code,name', `${code},Ganesh Traders ${run}`]),
      },
      {
        name: 'invoices.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `${code}-1,GT/${run}/1,${code},${indiaDay(-50).iso},${indiaDay(-20).iso},"75,000.00"`,
        ]),
      },
    ]);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');

    // Received five days ago, dated today: a post-dated cheque whose day has come.
    await page.goto(`/borrowers/obligors/${code}`);
    // The demo client has not said it is a micro or small enterprise: no interest is claimed yet.
    await expect(page.getByTestId('msme-interest-section')).toContainText('Set the Udyam registration');
    await expect(page.getByLabel('Credit days agreed in writing (blank: none, 15 days)')).toBeVisible();
    const section = page.getByTestId('cheques-section');
    await expect(section).toContainText('No cheque has been recorded');
    await section.getByRole('button', { name: 'Record a cheque' }).click();
    const dialog = page.getByTestId('receive-cheque-dialog');
    await dialog.getByLabel('Cheque number').fill('004512');
    await dialog.getByLabel('Bank').fill('Bank of Maharashtra, Kolhapur');
    await dialog.getByLabel('Amount (₹)').fill('75000');
    await dialog.getByTestId('chq-date').fill(indiaDay(0).typed);
    await dialog.getByTestId('chq-received').fill(indiaDay(-5).typed);
    await dialog.getByTestId('chq-received').press('Tab');
    await screenshot(page, 'cheque-record');
    await dialog.getByRole('button', { name: 'Record cheque' }).click();
    await expect(page.getByText('Post-dated cheque recorded as a promise to pay on its date.')).toBeVisible();
    const cheque = section.locator('li[data-cheque-id]').first();
    await expect(cheque).toHaveAttribute('data-status', 'RECEIVED');
    await expect(cheque).toContainText('PDC');
    // It is a promise to pay on its date (the promises section shows it once the page is read again).
    await page.reload();
    await expect(page.getByTestId('promises-section')).toContainText('promised by PDC 004512, Bank of Maharashtra');
    await expect(page.getByTestId('promises-section')).toContainText('(Post-dated cheque)');

    // The worklist's "due to deposit" list shows it with its validity.
    await page.goto(`/borrowers/worklist?search=${run}`);
    const due = page.getByTestId('cheques-due');
    await expect(due).toContainText(`Ganesh Traders ${run}`);
    await expect(due).toContainText('deposit now');
    await screenshot(page, 'cheques-due-to-deposit');

    // Deposited, then returned unpaid.
    await page.goto(`/borrowers/obligors/${code}`);
    await section.getByRole('button', { name: 'Deposited' }).click();
    await expect(cheque).toHaveAttribute('data-status', 'DEPOSITED');
    await section.getByRole('button', { name: 'Returned unpaid' }).click();
    const ret = page.getByTestId('return-cheque-dialog');
    await ret.getByLabel("Bank's reason").fill('Funds insufficient');
    await ret.getByRole('button', { name: 'Record the return' }).click();
    await expect(cheque).toHaveAttribute('data-status', 'RETURNED');
    await expect(cheque.getByTestId('s138-dates')).toContainText('s138: notice by');
    await expect(page.getByTestId('bounce-count')).toHaveText('Bounced: 1 returned unpaid.');
    await page.reload();
    await expect(page.getByTestId('tasks-card')).toContainText('s138 notice due');
    await expect(page.getByTestId('tasks-card')).toContainText('s138 complaint due');
    await screenshot(page, 'cheque-returned');
  });

  test('a micro supplier sees the MSMED interest on the open invoices and the statement', async ({ page }) => {
    const run = String(Date.now() % 100000).padStart(5, '0');
    const code = `E2E-MSME-${run}`;
    await page.goto('/borrowers/integrations');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Files/).setInputFiles([
      {
        name: 'obligors.csv',
        mimeType: 'text/csv',
        buffer: csv(['sys_obligor_code,name', `${code},Mahalaxmi Stores ${run}`]),
      },
      {
        name: 'invoices.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `${code}-1,MS/${run}/1,${code},${indiaDay(-60).iso},${indiaDay(-30).iso},"3,65,000.00"`,
          `${code}-2,MS/${run}/2,${code},${indiaDay(-5).iso},${indiaDay(25).iso},"50,000.00"`,
        ]),
      },
    ]);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');
    const settings = (body: Record<string, unknown>) => page.request.put('/api/msme/settings', { data: body });
    const micro = await settings({
      udyamNumber: 'UDYAM-MH-26-0012345',
      category: 'MICRO',
      interestGstRate: 18,
      addInterestToStatements: true,
    });
    expect(micro.status()).toBe(200);
    try {
      await page.goto(`/borrowers/invoices?sysObligorCode=${code}`);
      const late = page.locator(`tr[data-invoice="${code}-1"]`).getByTestId('msme-interest');
      await expect(late).toContainText('45 days beyond');
      await expect(page.locator(`tr[data-invoice="${code}-2"]`).getByTestId('msme-interest')).toContainText('₹0.00');
      await screenshot(page, 'msme-invoice-list');
      await page.goto(`/borrowers/obligors/${code}`);
      await expect(page.getByTestId('msme-interest-section')).toContainText('Case file for MSME Samadhaan');
      await page.goto(`/customerportal/${code}`);
      const interest = page.getByTestId('statement-interest');
      await expect(interest).toContainText('Interest claimable');
      await expect(interest.getByTestId('statement-interest-line')).toHaveCount(1);
      await screenshot(page, 'msme-statement-interest');
    } finally {
      // The demo client is not a micro enterprise for the other specs.
      expect((await settings({ interestGstRate: 18 })).status()).toBe(200);
    }
  });
});

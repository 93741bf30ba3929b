import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';
import { mails, textOf } from './mailbox';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
/** India's day as YYYY-MM-DD, offset by some days: the demo client's today. */
function indiaDay(offset = 0): string {
  const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' })
    .format(new Date(Date.now() + offset * 86_400_000))
    .split('/');
  return `${y}-${m}-${d}`;
}

/**
 * The customer's own door: a customer's contact is invited to the portal, the reminder mail carries
 * "See your account and pay", the link opens the customer's statement in a fresh browser, two bills
 * are paid with one QR for their exact amount, "I have paid" is sent, and the collector's worklist
 * shows it.
 */
test.describe("the customer's own door", () => {
  test.use({ storageState: stateOf('admin') });

  test('reminder link → statement → Pay selected for two bills → I have paid → the worklist shows it', async ({
    page,
    browser,
  }) => {
    const run = String(Date.now() % 100000).padStart(5, '0');
    const code = `E2E-DOOR-${run}`;
    const email = `accounts.${run}@shreeganesh.example`;
    await page.goto('/borrowers/integrations');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Files/).setInputFiles([
      {
        name: 'obligors.csv',
        mimeType: 'text/csv',
        buffer: csv(['sys_obligor_code,name,parent_sys_obligor_code', `${code},Shree Ganesh Traders ${run},`]),
      },
      {
        name: 'invoices.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `${code}-1,SG/${run}/1,${code},${indiaDay(-50)},${indiaDay(-20)},"40,000.00"`,
          `${code}-2,SG/${run}/2,${code},${indiaDay(-45)},${indiaDay(-15)},"12,345.50"`,
          `${code}-3,SG/${run}/3,${code},${indiaDay(-40)},${indiaDay(-10)},"7,000.00"`,
        ]),
      },
    ]);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');

    // Its accounts person is a contact, invited to the portal from the customer's page.
    const contact = await page.request.post('/api/contacts', {
      data: { sysObligorCode: code, name: 'Meenal Joshi', role: 'Accounts', email },
    });
    expect(contact.status()).toBe(201);
    await page.goto(`/borrowers/obligors/${code}`);
    const users = page.getByTestId('customer-users');
    await users.getByRole('button', { name: 'Invite to portal' }).click();
    await expect(users.getByTestId('customer-user')).toContainText('Meenal Joshi');
    await screenshot(page, 'customer-invite-to-portal');

    // The reminder from the worklist carries the signed link.
    await page.goto(`/borrowers/worklist?search=${run}`);
    const row = page.locator(`tr[data-code="${code}"]`);
    await row.getByRole('button', { name: 'Remind' }).click();
    // The reminder is drawn as a PDF and handed to the mail server before it answers: on a busy machine that passes 10 s.
    await expect(page.getByText(`Reminder sent to Shree Ganesh Traders ${run}`)).toBeVisible({ timeout: 30_000 });
    const reminder = () => mails().find((m) => m.to.includes(email) && textOf(m).includes('See your account and pay'));
    await expect.poll(() => Boolean(reminder())).toBe(true);
    const link = /(https?:\/\/[^\s"<>]+\/api\/auth\/customer_link\?token=[A-Za-z0-9_-]+)/.exec(
      textOf(reminder()!),
    )?.[1];
    expect(link).toBeTruthy();

    // A fresh browser, nobody signed in: the link opens the customer's statement.
    const context = await browser.newContext();
    const customer = await context.newPage();
    await customer.goto(link!);
    await expect(customer).toHaveURL(new RegExp(`/customerportal/${code}`));
    await expect(customer.getByTestId('statement-customer')).toHaveText(`Shree Ganesh Traders ${run}`);
    // Only the portal: the staff's pages send a customer user back to their statement.
    await customer.goto('/borrowers/receivables');
    await expect(customer).toHaveURL(new RegExp(`/customerportal/${code}`));

    // Pay selected: two bills, one QR for their exact sum, a reference naming both.
    const panel = customer.getByTestId('pay-panel');
    await panel.getByLabel(`SG/${run}/1`).check();
    await panel.getByLabel(`SG/${run}/2`).check();
    await panel.getByRole('button', { name: /^Pay selected/ }).click();
    const qr = panel.getByTestId('pay-qr');
    await expect(qr.getByTestId('pay-amount')).toHaveText('₹52,345.50');
    await expect(qr.getByTestId('pay-reference')).toHaveText(`Bills SG/${run}/1, SG/${run}/2`);
    await expect(qr.locator('svg')).toBeVisible();
    await screenshot(customer, 'customer-pay-selected');

    // I have paid: the amount of the ticked bills, today, the UTR.
    await expect(panel.getByLabel('Amount paid (₹)')).toHaveValue('52345.50');
    await panel.getByLabel('UTR or cheque number').fill(`SBIN5${run}0001`);
    await panel.getByRole('button', { name: 'Send payment advice' }).click();
    await expect(panel.getByTestId('paid-told')).toBeVisible();
    await expect(customer.getByTestId('remittances')).toContainText(`SBIN5${run}0001`);
    await screenshot(customer, 'customer-i-have-paid');

    // The avatar menu says whose portal user they are, not a staff role.
    await expect(customer.getByRole('button', { name: 'Account menu' })).toContainText(
      `Portal user of Shree Ganesh Traders ${run}`,
    );

    // Promise to pay: each refused field says why; a promise within what they owe is taken.
    const promise = customer.getByTestId('promise-panel');
    await promise.getByRole('button', { name: 'Promise to pay' }).click();
    await promise.getByRole('button', { name: 'Send promise' }).click();
    await expect(promise.locator('#promise-amount-error')).toBeVisible();
    await expect(promise.getByText('enter the date the payment was promised for')).toBeVisible();
    await promise.getByLabel('Amount (₹)').fill('99,00,000');
    const [y, m, d] = indiaDay(7).split('-');
    await promise.getByTestId('promise-date').fill(`${d}/${m}/${y}`);
    await promise.getByTestId('promise-date').press('Tab');
    await promise.getByRole('button', { name: 'Send promise' }).click();
    await expect(promise.locator('#promise-amount-error')).toContainText('at most ₹');
    await screenshot(customer, 'customer-promise-refused');
    await promise.getByLabel('Amount (₹)').fill('7,000');
    await promise.getByRole('button', { name: 'Send promise' }).click();
    await expect(promise.getByTestId('promise-taken')).toContainText(`₹7,000.00 by ${d}/${m}/${y}`);
    await context.close();

    // The collector's worklist shows what the customer said.
    await page.goto(`/borrowers/worklist?search=${run}`);
    await expect(row.getByTestId('worklist-remittance')).toContainText(`SBIN5${run}0001`);
    await expect(row.getByTestId('worklist-remittance')).toContainText('₹52,345.50');
    await screenshot(page, 'worklist-remittance');
  });
});

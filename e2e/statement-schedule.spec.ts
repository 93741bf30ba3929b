import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';
import { mails } from './mailbox';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
/** India's day as YYYY-MM-DD, offset by some days: the demo client's today. */
function indiaDay(offset = 0): string {
  const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' })
    .format(new Date(Date.now() + offset * 86_400_000))
    .split('/');
  return `${y}-${m}-${d}`;
}

/**
 * Statements by schedule on the reminders page: a hand-picked customer, saved; the preview names it;
 * Send now mails its statement (PDF and XLSX); a second Send now in the same period sends none; the
 * past runs count it. The letterhead sits beside it.
 */
test.describe('statements by schedule', () => {
  test.use({ storageState: stateOf('admin') });

  test('save a hand-picked schedule → preview → send now → again: none → past runs', async ({ page }) => {
    const run = String(Date.now() % 100000).padStart(5, '0');
    const code = `E2E-STMT-${run}`;
    const email = `accounts.${run}@mahalaxmi.example`;
    await page.goto('/borrowers/integrations');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Files/).setInputFiles([
      {
        name: 'obligors.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_obligor_code,name,parent_sys_obligor_code,email,address',
          `${code},Mahalaxmi Stores ${run},,${email},"Shop 3, Mahalaxmi Market | Kolhapur 416012, Maharashtra"`,
        ]),
      },
      {
        name: 'invoices.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `${code}-1,MS/${run}/1,${code},${indiaDay(-40)},${indiaDay(-10)},"1,25,000.00"`,
        ]),
      },
    ]);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');

    await page.goto('/borrowers/reminders');
    const form = page.getByRole('form', { name: 'Statement schedule' });
    await form.getByLabel('Which customers').selectOption('PICKED');
    // An unknown code is refused on its field.
    await form.getByLabel(/^Customer codes/).fill(`${code}, NO-SUCH-${run}`);
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(form.getByText(`no such customer: NO-SUCH-${run}`)).toBeVisible();
    await form.getByLabel(/^Customer codes/).fill(code);
    await form.getByLabel('How often').selectOption('MONTHLY');
    await form.getByLabel(/^Day of the month/).fill('1');
    await form.getByLabel('What it holds').selectOption('ALL');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(form.getByRole('status')).toHaveText('Schedule saved.');
    await screenshot(page, 'statement-schedule-form');

    await form.getByRole('button', { name: 'Preview statements' }).click();
    const preview = page.getByRole('table', { name: 'Statement preview' });
    await expect(preview.locator('tbody tr')).toHaveCount(1);
    await expect(preview.locator('tbody tr')).toContainText(`Mahalaxmi Stores ${run}`);
    await expect(preview.locator('tbody tr')).toContainText('To send');

    page.on('dialog', (dialog) => void dialog.accept());
    await form.getByRole('button', { name: 'Send statements now' }).click();
    const sent = page.getByRole('table', { name: 'Statements sent' });
    await expect(sent.locator('tbody tr')).toContainText('sent');
    const statementMail = () => mails().filter((m) => m.to.includes(email) && m.raw.includes('Statement of account'));
    await expect.poll(() => statementMail().length).toBe(1);
    expect(statementMail()[0]!.raw).toMatch(/statement-E2E-STMT-\d+-\d{4}-\d\d-\d\d\.pdf/);

    // The same period again: nobody gets a second one.
    await form.getByRole('button', { name: 'Send statements now' }).click();
    await expect(sent.locator('tbody tr')).toContainText('skipped');
    await page.waitForTimeout(500);
    expect(statementMail()).toHaveLength(1);

    // The past runs count the period's statement.
    const past = page.getByRole('table', { name: 'Past statement runs' });
    await expect(past.locator('tbody tr').first()).toContainText(/\d/);
    await screenshot(page, 'statement-schedule-runs');

    // Back to every customer with a balance, switched off, so that other specs' days are untouched.
    await form.getByLabel('Which customers').selectOption('ALL');
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await expect(form.getByRole('status')).toHaveText('Schedule saved.');
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { stateOf } from './auth-states';

/**
 * A form's contract: every form checks what was entered with its call's own request schema before
 * sending, shows one message per field, and an invalid submit never reaches the server. Each form
 * is fed invalid values; the browser's requests are watched for a write to the form's call.
 * Before this, "Log call" with 31/02/2026 showed the date's message and then saved with today's date.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The writes to the API under `path` the page makes from now on. */
function watchWrites(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (WRITES.has(request.method()) && url.pathname.startsWith(`/api${path}`))
      seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

/** Each message shows exactly once in `scope`, and the API's date format is never shown to a user. */
async function expectOneMessageEach(scope: Locator, messages: (string | RegExp)[]) {
  for (const message of messages) await expect(scope.getByText(message)).toHaveCount(1);
  await expect(scope.getByText('YYYY-MM-DD')).toHaveCount(0);
}

/** The client's today (Asia/Kolkata, the demo client's zone) plus `days`, as dd/mm/yyyy. */
function dayText(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' }).format(date);
}

async function openFromWorklist(page: Page, button: string): Promise<void> {
  await page.goto('/borrowers/worklist');
  const first = page.getByTestId('worklist-table').locator('tbody tr').first();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: button, exact: true }).click();
}

test.describe('a form sends only what its contract accepts', () => {
  test.use({ storageState: stateOf('admin') });

  test('Log call: an impossible or future date, or no summary, is refused before sending', async ({ page }) => {
    await openFromWorklist(page, 'Log call');
    const dialog = page.getByRole('dialog');
    const date = dialog.getByTestId('comm-date');
    const writes = watchWrites(page, '/communications');
    const upTo = `Enter the date as dd/mm/yyyy up to ${dayText(0)}`;

    await date.fill('31/02/2026');
    await dialog.getByRole('button', { name: 'Log communication' }).click();
    await expectOneMessageEach(dialog, [upTo, 'write what was said or agreed']);

    await date.fill(dayText(16));
    await dialog.getByLabel('Summary').fill('Spoke to the accountant; cheque on Friday.');
    await dialog.getByRole('button', { name: 'Log communication' }).click();
    await expectOneMessageEach(dialog, [upTo]);
    await expect(dialog.getByText('write what was said or agreed')).toHaveCount(0);
    expect(writes).toEqual([]);

    // A real day goes through, once.
    await date.fill(dayText(0));
    await dialog.getByRole('button', { name: 'Log communication' }).click();
    await expect(dialog).toBeHidden();
    expect(writes).toHaveLength(1);
  });

  test('Promise: one message per field (amount, date), none sent; the dialog holds its invoice list', async ({
    page,
  }) => {
    await openFromWorklist(page, 'Promise');
    const dialog = page.getByTestId('take-promise-dialog');
    const writes = watchWrites(page, '/promises');
    await expect(dialog.getByTestId('invoice-picker')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/forms-promise-dialog.png' });
    await expectNoSpill(dialog);

    await dialog.getByRole('button', { name: 'Take promise' }).click();
    await expectOneMessageEach(dialog, [
      'enter the promised amount as a number',
      'enter the date the payment was promised for',
    ]);

    await dialog.getByLabel('Amount promised (₹)').fill('a lot');
    await dialog.getByTestId('ptp-date').fill('31/02/2026');
    await dialog.getByRole('button', { name: 'Take promise' }).click();
    // The date's own message only, not the contract's beside it.
    await expectOneMessageEach(dialog, [
      'enter the promised amount as a number',
      /^Enter the date as dd\/mm\/yyyy from /,
    ]);
    await expect(dialog.getByText('enter the date the payment was promised for')).toHaveCount(0);
    expect(writes).toEqual([]);
  });

  test('Dispute: the invoices are required and say so; no amount or invoice, nothing sent', async ({ page }) => {
    await openFromWorklist(page, 'Dispute');
    const dialog = page.getByTestId('open-dispute-dialog');
    const writes = watchWrites(page, '/disputes');
    await expect(dialog.getByTestId('invoice-picker')).toBeVisible();
    await expect(dialog.locator('legend')).toHaveText('Invoices');
    await page.screenshot({ path: 'test-results/screens/forms-dispute-dialog.png' });
    await expectNoSpill(dialog);

    await dialog.getByLabel('Amount disputed (₹)').fill('abc');
    await dialog.getByRole('button', { name: 'Open dispute' }).click();
    await expectOneMessageEach(dialog, ['choose the invoices in dispute', 'enter the disputed amount as a number']);
    expect(writes).toEqual([]);
  });

  test('New task: a short name and no assignee are refused before sending', async ({ page }) => {
    await page.goto('/borrowers/tasks');
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog');
    const writes = watchWrites(page, '/tasks');
    await dialog.locator('#task-name').fill('ab');
    await dialog.getByTestId('task-due').fill('31/02/2026');
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await expectOneMessageEach(dialog, [
      'give the task a name of at least 3 characters',
      'choose who does the task',
      /^Enter the date as dd\/mm\/yyyy from /,
    ]);
    expect(writes).toEqual([]);
  });

  test('Invite user: a one-letter name and a bad email are refused before sending', async ({ page }) => {
    await page.goto('/borrowers/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog');
    const writes = watchWrites(page, '/users');
    await dialog.getByLabel('Full name').fill('A');
    await dialog.getByLabel('Work email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectOneMessageEach(dialog, ['enter the full name', 'enter a valid email address']);
    expect(writes).toEqual([]);
  });

  test('Add contact: no customer, a short name and a bad email are refused before sending', async ({ page }) => {
    await page.goto('/borrowers/contacts');
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog');
    const writes = watchWrites(page, '/contacts');
    await dialog.locator('#contact-name').fill('R');
    await dialog.locator('#contact-email').fill('rekha@');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expectOneMessageEach(dialog, [
      'choose a customer',
      'enter a name of at least 2 characters',
      'enter a valid email address',
    ]);
    expect(writes).toEqual([]);
  });

  test('Payment details and hold rules: a bad UPI address and 0 days are refused before sending', async ({ page }) => {
    await page.goto('/borrowers/reminders');
    const details = page.getByRole('form', { name: 'Payment details' });
    const writes = watchWrites(page, '/');
    await details.getByLabel('UPI address (VPA)').fill('not a vpa');
    await details.getByRole('button', { name: 'Save payment details' }).click();
    await expectOneMessageEach(details, ['enter the UPI address as name@bank, e.g. vardhmanfoods@icici']);

    await page.goto('/borrowers/credit_limit/holds');
    const rules = page.getByRole('form', { name: 'Hold rules' });
    await rules.getByLabel('Debt past due more than (days)').fill('0');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await expectOneMessageEach(rules, ['at least 1 day']);
    expect(writes).toEqual([]);
  });

  test('Receivables "As of": a later day or one before the ledger says why, instead of figures', async ({ page }) => {
    await page.goto('/borrowers/receivables?date=2030-01-01');
    await expect(page.getByTestId('invalid-link')).toContainText(
      `the date cannot be after today (${dayText(0)}): a later day has no figures yet`,
    );
    await page.goto('/borrowers/receivables?date=2020-01-01');
    await expect(page.getByTestId('invalid-link')).toContainText(/the ledger starts on \d\d\/\d\d\/\d{4}/);

    await page.goto('/borrowers/receivables');
    const asOf = page.getByTestId('as-of-date');
    await asOf.fill('01/01/2030');
    await asOf.press('Enter');
    await expect(page.getByText(/^The date cannot be after today/)).toHaveCount(1);
    await expect(page).not.toHaveURL(/date=2030/);
  });

  test('Credit limit, Reports and Performance: a day before the ledger says when it starts', async ({ page }) => {
    const starts = /the ledger starts on \d\d\/\d\d\/\d{4}/;
    await page.goto('/borrowers/credit_limit?date=2020-01-01');
    await expect(page.getByTestId('invalid-link')).toContainText(starts);
    await page.goto('/borrowers/business-performance-beta?compareDate=2020-01-01');
    await expect(page.getByTestId('invalid-link')).toContainText(starts);

    await page.goto('/borrowers/reports');
    const asOf = page.getByTestId('reports-date');
    await asOf.fill('01/01/2020');
    await asOf.press('Enter');
    await expect(page.getByText(/^The ledger starts on \d\d\/\d\d\/\d{4}: choose a date from then on$/)).toHaveCount(1);
  });
});

test.describe('the credit hold, password and investor forms send only what their contract accepts', () => {
  test.describe('as the admin', () => {
    test.use({ storageState: stateOf('admin') });

    test('Release a credit hold: a short reason and an impossible day are refused before sending', async ({ page }) => {
      await page.goto('/borrowers/credit_limit/holds');
      const held = page.getByTestId('credit-holds').locator('tr[data-status="ON_HOLD"]').first();
      await held.getByRole('button', { name: 'Release' }).click();
      const dialog = page.getByRole('dialog');
      const writes = watchWrites(page, '/credit_holds');
      await dialog.getByLabel('Reason').fill('ok');
      await dialog.getByTestId('release-until').fill('31/02/2026');
      await dialog.getByRole('button', { name: 'Release' }).click();
      await expectOneMessageEach(dialog, [
        'say why the account may ship (5 characters at least)',
        /^Enter the date as dd\/mm\/yyyy from /,
      ]);
      expect(writes).toEqual([]);
    });

    test('Change password: no current password and a short new one are refused before sending', async ({ page }) => {
      await page.goto('/borrowers/change_password');
      const form = page.locator('form').filter({ has: page.getByLabel('Current password') });
      const writes = watchWrites(page, '/');
      await form.getByLabel('New password', { exact: true }).fill('short');
      await form.getByLabel('New password again').fill('different');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expectOneMessageEach(form, ['enter your current password', 'use at least 8 characters']);

      // Long enough, but the two differ: the confirmation's message only.
      await form.getByLabel('Current password').fill('anything');
      await form.getByLabel('New password', { exact: true }).fill('long enough words');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expectOneMessageEach(form, ['the two passwords differ']);
      await expect(form.getByText('enter your current password')).toHaveCount(0);
      expect(writes).toEqual([]);
    });
  });

  test.describe('signed out', () => {
    test('Sign in: a bad email and no password are refused before sending', async ({ page }) => {
      await page.goto('/');
      const form = page.locator('form').filter({ has: page.getByLabel('Work email') });
      const writes = watchWrites(page, '/');
      await form.getByLabel('Work email').fill('admin@');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expectOneMessageEach(form, ['enter a valid email address', 'enter your password']);
      expect(writes).toEqual([]);
    });

    test('Forgot and reset password: a bad email, a short password, a broken link are refused before sending', async ({
      page,
    }) => {
      const writes = watchWrites(page, '/');
      await page.goto('/forgot_password');
      const ask = page.locator('form').filter({ has: page.getByLabel('Work email') });
      await ask.getByLabel('Work email').fill('not-an-email');
      await ask.getByRole('button', { name: 'Email me a reset link' }).click();
      await expectOneMessageEach(ask, ['enter a valid email address']);

      await page.goto(`/reset_password?token=${'x'.repeat(32)}`);
      const reset = page.locator('form').filter({ has: page.getByLabel('New password again') });
      await reset.getByLabel('New password', { exact: true }).fill('short');
      await reset.getByRole('button', { name: 'Change password' }).click();
      await expectOneMessageEach(reset, ['use at least 8 characters']);

      // A cut link: its message is the form's (the user cannot correct a token), with the way out.
      await page.goto('/reset_password?token=abc');
      await reset.getByLabel('New password', { exact: true }).fill('long enough words');
      await reset.getByLabel('New password again').fill('long enough words');
      await reset.getByRole('button', { name: 'Change password' }).click();
      await expectOneMessageEach(reset, ['this link is incomplete']);
      await expect(reset.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
      expect(writes).toEqual([]);
    });
  });

  test.describe('as the investor', () => {
    test.use({ storageState: stateOf('investor') });

    test('Subscribe: an amount in no whole units is refused before sending', async ({ page }) => {
      await page.goto('/investors/new_offerings');
      const open = page
        .getByTestId('offering-row')
        .filter({ has: page.getByTestId('offering-state').getByText('Open', { exact: true }) })
        .first();
      await open.getByRole('link').first().click();
      const form = page.getByRole('form', { name: 'Subscribe' });
      const writes = watchWrites(page, '/investors');
      await page.getByTestId('subscribe-amount').fill('1,50,000');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expectOneMessageEach(form, [/^invest in whole units of ₹1,00,000/]);
      expect(writes).toEqual([]);
    });
  });
});

/** Nothing in the dialog is wider than the dialog: its invoice list scrolls inside it, names wrap. */
async function expectNoSpill(dialog: Locator) {
  const spill = await dialog.evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    return [...panel.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
      })
      .map((el) => el.textContent?.slice(0, 40));
  });
  expect(spill).toEqual([]);
}

import { expect, test, type Page } from '@playwright/test';
import { screenshot, signIn, USERS } from './helpers';
import { actAs, stateOf } from './auth-states';
import { linkIn, mails, textOf } from './mailbox';

const TASK_NAME = `Collect the festive-season dues ${Date.now() % 100000}`;

async function newCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('new-count').innerText());
}

async function openBell(page: Page) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('New notifications')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('a task travels from the admin to the guest and back, through the bell and by email', async ({ browser }) => {
  const guestContext = await browser.newContext({ storageState: stateOf('guest') });
  const guest = await guestContext.newPage();
  await guest.clock.install();
  await guest.goto('/');
  await expect(guest).toHaveURL('/borrowers/obligors');
  await openBell(guest);
  await expect(guest.getByTestId('notification').first()).toBeVisible();
  const before = await newCount(guest);
  await screenshot(guest, 'notifications-panel');
  await guest.keyboard.press('Escape');

  // The admin creates a task for the guest through the dialog.
  const adminContext = await browser.newContext({ storageState: stateOf('admin') });
  const admin = await adminContext.newPage();
  await admin.goto('/borrowers/tasks');
  await screenshot(admin, 'tasks-list');
  await admin.getByRole('button', { name: 'New task' }).click();
  await admin.getByLabel('Task', { exact: true }).fill(TASK_NAME);
  await admin.getByLabel('Customer', { exact: true }).fill('Tr');
  await expect(admin.getByText('Type at least 3 characters to search.')).toBeVisible();
  // A customer the field officer looks after: a collector only gets tasks on their own customers.
  const mine = (await (await guest.request.get('/api/obligors/list?count=1&sortBy=name&orderBy=ASC')).json()) as {
    name: string;
  }[];
  const customer = mine[0]!.name;
  await admin.getByLabel('Customer', { exact: true }).fill(customer);
  await admin
    .getByRole('listbox', { name: 'Customer results' })
    .getByRole('option')
    .filter({ hasText: customer })
    .first()
    .click();
  const firstInvoice = admin.getByRole('checkbox').first();
  await expect(firstInvoice.or(admin.getByText('This customer has no open invoices.'))).toBeVisible();
  if (await firstInvoice.isVisible()) await firstInvoice.check();
  await admin.getByLabel('Assignee', { exact: true }).fill('Suresh');
  await admin.getByRole('listbox', { name: 'Assignee results' }).getByRole('option').first().click();
  await screenshot(admin, 'create-task-dialog');
  await admin.getByRole('button', { name: 'Create task' }).click();
  await expect(admin).toHaveURL(/\/borrowers\/tasks\/\d+$/);
  await expect(admin.getByRole('heading', { name: TASK_NAME })).toBeVisible();
  const taskUrl = new URL(admin.url()).pathname;
  await screenshot(admin, 'task-detail');

  // Within one refresh (120 s) the guest's badge rises; the guest opens the task from the bell.
  await guest.clock.fastForward('02:01');
  await expect
    .poll(async () =>
      Number(
        await guest
          .getByTestId('notification-count')
          .innerText()
          .catch(() => '0'),
      ),
    )
    .toBeGreaterThan(before);
  await openBell(guest);
  await guest.getByTestId('notification').filter({ hasText: TASK_NAME }).first().click();
  await expect(guest).toHaveURL(taskUrl);
  await guest.getByLabel('Closing comment').fill('Customer paid by NEFT, UTR 4411');
  await guest.getByRole('button', { name: 'Close task' }).click();
  await expect(guest.getByTestId('closing-comment')).toContainText('Customer paid by NEFT');

  // The admin is told that the task was closed.
  await admin.reload();
  await openBell(admin);
  await expect(
    admin
      .getByTestId('notification')
      .filter({ hasText: `closed the task: ${TASK_NAME}` })
      .first(),
  ).toBeVisible();

  // The assignment email reached the guest with a link that opens the task after sign-in (through the form).
  const mail = mails().find((m) => m.to.includes(USERS.guest) && textOf(m).includes(TASK_NAME));
  expect(mail, 'assignment email received over SMTP').toBeDefined();
  const link = linkIn(mail!);
  expect(link).toContain(taskUrl);
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(new URL(link!).pathname);
  await expect(fresh).toHaveURL(/\/\?next=/);
  await signIn(fresh, USERS.guest);
  await expect(fresh).toHaveURL(taskUrl);
  await guestContext.close();
  await adminContext.close();
});

test.describe('signed in as the finance staff without permission data', () => {
  test.use({ storageState: stateOf('staff') });

  test('the fallback user may open tasks; an investor is sent home from them', async ({ page }) => {
    await page.goto('/borrowers/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    await actAs(page, 'investor');
    await page.goto('/borrowers/tasks/1');
    await expect(page).toHaveURL('/investors/my_securities');
    await actAs(page, 'portal');
    await page.goto('/borrowers/tasks');
    await expect(page).toHaveURL('/borrowers/errors/unauthorized');
  });
});

import { expect, test } from '@playwright/test';
import { expectTopBarTitle, MAIN_CLIENT, menuLabels, openAccountMenu, screenshot, signIn, USERS } from './helpers';
import { actAs, stateOf } from './auth-states';

const FULL_MENU = [
  'Summary Dashboard',
  'Customer Analysis',
  'Receivables',
  'Cash application',
  'Reports',
  'Region Performance',
  'Worklist',
  'Tasks',
  'Credit Limit',
];

// Signing in, landing after it, the way back after it, and signing out: through the form.
test('the sign-in page has the product title, and refuses bad input and wrong passwords with a visible message', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Client receivables dashboard/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Client receivables dashboard');
  await screenshot(page, 'sign-in');

  await signIn(page, 'not-an-email', 'whatever');
  await expect(page.getByText('enter a valid email address')).toBeVisible();

  await signIn(page, USERS.admin, 'wrong-password');
  await expect(page.getByText(/Email or password is incorrect/)).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('the admin lands on the dashboard with the full menu and the client name', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL('/borrowers/dashboard');
  await expectTopBarTitle(page, MAIN_CLIENT);
  expect(await menuLabels(page)).toEqual(FULL_MENU);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await screenshot(page, 'admin-shell');

  await openAccountMenu(page);
  for (const item of ['Manage Personnel', 'Customer Contacts', 'Account', 'Sign out']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL('/borrowers/account');
  await expect(page.getByTestId('account-details').getByText(USERS.admin)).toBeVisible();
});

test('a deep link survives sign-in', async ({ page }) => {
  await page.goto('/borrowers/tasks/12?status=OPEN');
  await expect(page).toHaveURL(/\/\?next=/);
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL('/borrowers/tasks/12?status=OPEN');
});

test('sign-in never leaves the app, however the next parameter is spelled', async ({ page, baseURL }) => {
  // Were the browser sent to another host, this answers instead of a network error.
  await page.context().route(
    (url) => url.hostname === 'evil.test',
    (route) => route.fulfill({ status: 200, body: 'left the app' }),
  );
  for (const next of [
    '/%09/evil.test',
    '/%0a/evil.test',
    '/%0d/evil.test',
    '//evil.test',
    '/%5Cevil.test',
    'https://evil.test/',
  ]) {
    // Leave the dashboard first: with its cookie gone, its own calls answer 401 and it sends the
    // browser to sign-in, which would abort the navigation below.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(`/?next=${next}`);
    await signIn(page, USERS.admin);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
    await expect(page).toHaveURL(/\/borrowers\/dashboard/);
  }
});

test('sign-out ends the session', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL('/borrowers/dashboard');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/borrowers/dashboard');
  await expect(page).toHaveURL(/\/\?next=%2Fborrowers%2Fdashboard/);
});

test('sign-out completes locally when the server call fails', async ({ page }) => {
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL('/borrowers/dashboard');
  await page.route('**/api/borrowers/sign_out', (route) => route.fulfill({ status: 500, body: '{}' }));
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Something went wrong on sign out!')).toBeVisible();
  await expect(page.getByLabel('Work email')).toBeVisible();
  await expect(page.getByText('Something went wrong on sign out!')).toBeHidden({ timeout: 8000 }); // 5 s toast
  await page.unroute('**/api/borrowers/sign_out');
  await page.goto('/borrowers/receivables');
  await expect(page).toHaveURL(/\/\?next=/);
});

test('a 401 from the API clears the session, keeps path and hash, and restores them after sign-in', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL('/borrowers/dashboard');
  await page.goto('/borrowers/receivables?dim1Id=2#ageing');
  // The session ends on the server side (as if signed out elsewhere): drop the cookie.
  await page.context().clearCookies({ name: 'rd_session' });
  await page.clock.fastForward('05:01'); // the 5-minute check-in now answers 401
  await expect(page).toHaveURL('/');
  await signIn(page, USERS.admin);
  await expect(page).toHaveURL('/borrowers/receivables?dim1Id=2#ageing');
});

// The rest start from the saved state of an account (e2e/auth.setup.ts): '/' sends a signed-in user to
// the landing page the sign-in form would (the same landingPath).
test.describe('signed in as the admin', () => {
  test.use({ storageState: stateOf('admin') });

  test('a page and an API call both pass the proxy, one way in, each named by its own request id', async ({ page }) => {
    const pageAnswer = await page.goto('/borrowers/dashboard');
    const pageId = pageAnswer?.headers()['x-request-id'];
    expect(pageId).toMatch(/^[0-9a-f-]{36}$/);
    const apiAnswer = await page.request.get('/api/borrowers/user');
    expect(apiAnswer.status()).toBe(200);
    const apiId = apiAnswer.headers()['x-request-id'];
    expect(apiId).toMatch(/^[0-9a-f-]{36}$/);
    expect(apiId).not.toBe(pageId);
  });

  test('the side menu shows each group heading once', async ({ page }) => {
    await page.goto('/borrowers/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByText('TASKS', { exact: true })).toHaveCount(1);
  });

  test('the side menu collapses to the 72 px mini width and remembers it', async ({ page }) => {
    await page.goto('/');
    // Clicked again only while not collapsed: a click before hydration does nothing, and on a busy
    // machine the 200 ms width transition may outlast one try (the button is then "Expand menu").
    const collapse = page.getByRole('button', { name: 'Collapse menu' });
    await expect(async () => {
      if (await collapse.isVisible()) await collapse.click({ timeout: 1000 });
      await expect(page.locator('aside')).toHaveCSS('width', '72px', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.locator('aside')).toHaveCSS('width', '72px');
    await page.reload();
    await expect(page.locator('aside')).toHaveCSS('width', '72px');
    await page.getByRole('button', { name: 'Expand menu' }).click();
  });

  test('a borrower is sent from the investor area to their own landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/dashboard');
    await page.goto('/investors/new_offerings');
    await expect(page).toHaveURL('/borrowers/dashboard');
  });

  test('an unknown page shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/dashboard');
    const response = await page.goto('/borrowers/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: "Let's go Home" }).click();
    await expect(page).toHaveURL('/borrowers/dashboard');
  });
});

test.describe('signed in as root', () => {
  test.use({ storageState: stateOf('root') });

  test('root is treated as admin: full menu', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/dashboard');
    expect(await menuLabels(page)).toEqual(FULL_MENU);
  });
});

test.describe('signed in as the finance staff without permission data', () => {
  test.use({ storageState: stateOf('staff') });

  test('a non-admin with no permission data gets Receivables, the worklist and Tasks, and is refused elsewhere', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/receivables');
    expect(await menuLabels(page)).toEqual(['Receivables', 'Worklist', 'Tasks']);
    await screenshot(page, 'fallback-shell');

    await page.goto('/borrowers/reports');
    await expect(page).toHaveURL('/borrowers/errors/unauthorized');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await screenshot(page, 'unauthorized');

    await page.goto('/borrowers/dashboard');
    await expect(page).toHaveURL('/borrowers/receivables');
  });
});

test.describe('signed in as the field officer', () => {
  test.use({ storageState: stateOf('guest') });

  test('the field officer and the area sales manager see the menus their permissions grant', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/obligors');
    expect(await menuLabels(page)).toEqual(['Customer Analysis', 'Receivables', 'Worklist', 'Tasks']);
    await page.goto('/borrowers/users');
    await expect(page).toHaveURL('/borrowers/errors/unauthorized');

    await actAs(page, 'rep');
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/dashboard');
    expect(await menuLabels(page)).toEqual([
      'Summary Dashboard',
      'Customer Analysis',
      'Receivables',
      'Region Performance',
      'Worklist',
      'Tasks',
      'Credit Limit',
    ]);
    await page.goto('/borrowers/contacts');
    await expect(page).toHaveURL('/borrowers/contacts');
  });
});

test.describe('signed in as the portal-only user', () => {
  test.use({ storageState: stateOf('portal') });

  test('a portal-only user sees the portal title and no side menu or bell', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/customerportal');
    await expectTopBarTitle(page, `Customer Portal - ${MAIN_CLIENT}`);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
    await screenshot(page, 'portal-shell');
  });
});

test.describe('signed in as the investor', () => {
  test.use({ storageState: stateOf('investor') });

  test('the investor lands on My Securities and is kept out of the borrower area', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/investors/my_securities');
    expect(await menuLabels(page)).toEqual(['My Securities', 'New Offerings']);
    await screenshot(page, 'investor-shell');
    await page.goto('/borrowers/dashboard');
    await expect(page).toHaveURL('/investors/my_securities');
    await page.goto('/customerportal');
    await expect(page).toHaveURL('/investors/my_securities');
  });
});

test.describe("signed in as the second client's admin", () => {
  test.use({ storageState: stateOf('kaveri') });

  test("the second client's admin works in their own company", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/borrowers/dashboard');
    await expectTopBarTitle(page, 'Kaveri Agro Foods Ltd');
  });
});

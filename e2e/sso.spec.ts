import { expect, test } from '@playwright/test';
import { screenshot, USERS } from './helpers';

test('company SSO: the sign-in page offers it, and an active user signs in through the local provider', async ({
  page,
}) => {
  await page.goto('/');
  const sso = page.getByRole('link', { name: 'Sign in with your company account' });
  await expect(sso).toBeVisible();
  await screenshot(page, 'sign-in-with-sso');
  await sso.click();

  // The provider's development login form: the login typed is the email in the ID token.
  await page.locator('input[name="login"]').fill(USERS.admin);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/borrowers/dashboard', { timeout: 30_000 });
  await page.goto('/borrowers/account');
  await expect(page.getByTestId('account-details')).toContainText(USERS.admin);
});

test('company SSO refuses an email without an active account (no self-registration)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with your company account' }).click();
  await page.locator('input[name="login"]').fill('stranger@vardhman.test');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('sso') === 'no_account', {
    timeout: 30_000,
  });
  await expect(page.getByRole('alert').filter({ hasText: 'no active Receivables Desk account' })).toBeVisible();
});

import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Receivables@2026';
export const MAIN_CLIENT = 'Vardhman Trading Company Pvt Ltd';

export const USERS = {
  admin: 'admin@vardhman.test',
  root: 'root@vardhman.test',
  guest: 'guest@vardhman.test',
  rep: 'rep@vardhman.test',
  portal: 'portal@vardhman.test',
  staff: 'staff@vardhman.test',
  investor: 'investor@sahyadri.test',
  kaveri: 'admin@kaveri.test',
} as const;

/** Signs in through the form; with the demo password, waits for the next page (to `waitUntil`). */
export async function signIn(page: Page, email: string, password = PASSWORD, waitUntil: 'load' | 'commit' = 'load') {
  const here = page.url().startsWith('http') ? new URL(page.url()).pathname : null;
  if (here !== '/') await gotoSignInPage(page);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // With the demo password the user leaves the sign-in page; wait for it (sign-in runs scrypt, and the
  // first request after start also warms the server up on a busy machine).
  if (password === PASSWORD && email.includes('@'))
    await page.waitForURL((url) => url.pathname !== '/', { timeout: 45_000, waitUntil });
}

/**
 * Opens the sign-in page. A page left signed in may itself be heading there (its polling gets a 401
 * once the cookies are cleared and sends the browser to '/'), which aborts our navigation: try again.
 */
async function gotoSignInPage(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/');
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('ERR_ABORTED')) throw error;
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}

export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  return nav
    .getByRole('link')
    .filter({ hasNot: page.locator('img') })
    .allInnerTexts();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export async function expectTopBarTitle(page: Page, title: string) {
  await expect(page.getByTestId('top-bar-title')).toHaveText(title);
}

/** Opens the avatar menu; retried because a click can land before the island has hydrated. */
export async function openAccountMenu(page: Page) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

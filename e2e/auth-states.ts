import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PASSWORD, signIn, USERS } from './helpers';

/**
 * Signed-in browser states, one per demo account, written once per run by auth.setup.ts (the "setup"
 * project) through the real sign-in form. Specs open a page as an account with
 * `test.use({ storageState: stateOf('admin') })` or `browser.newContext({ storageState: stateOf('guest') })`;
 * only the tests of signing in (and out) use the form. The files sit beside the run's database, which
 * their sessions belong to (E2E_DATA_DIR, git-ignored).
 */
export type Role = keyof typeof USERS;
export const ROLES = Object.keys(USERS) as Role[];

const AUTH_DIR = path.join(process.env.E2E_DATA_DIR ?? '.e2e-data', 'auth');

export function stateOf(role: Role): string {
  return path.join(AUTH_DIR, `${role}.json`);
}

/**
 * Signs the page's (fresh) context in as the account through the form and saves its state, once the
 * landing page starts (the session cookie is set by then; its rendering is not what is saved).
 */
export async function signInAndSave(page: Page, role: Role) {
  await signIn(page, USERS[role], PASSWORD, 'commit');
  await page.context().storageState({ path: stateOf(role) });
}

/**
 * Signs the account in again and overwrites its saved state: for the tests that end every session of a
 * user (a password reset, "sign out everywhere"), which end the saved one too.
 */
export async function renewState(browser: Browser, role: Role) {
  const context = await browser.newContext();
  try {
    await signInAndSave(await context.newPage(), role);
  } finally {
    await context.close();
  }
}

/**
 * Turns the page's context into the account's signed-in one (its cookies replace the current ones).
 * The page first leaves the app, so that nothing of the previous user's page (a redirect, its polling)
 * runs on with the new cookies or aborts the next navigation.
 */
export async function actAs(page: Page, role: Role) {
  await page.goto('about:blank');
  const { cookies } = JSON.parse(readFileSync(stateOf(role), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

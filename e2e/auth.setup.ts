import { test as setup } from '@playwright/test';
import { ROLES, signInAndSave } from './auth-states';
import { USERS } from './helpers';

// The "setup" project: every demo account signs in once, through the form, before the specs run.
for (const role of ROLES) {
  setup(`${role} (${USERS[role]}) signs in through the form`, async ({ page }) => {
    await signInAndSave(page, role);
  });
}

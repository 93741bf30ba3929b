import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

/**
 * Figures that must agree on a page (docs/glossary.md): the forecast card's lines add up to the
 * Balance card beside it; the worklist names its net overdue; a family says why its list is shorter.
 */
test.describe('figures that add up', () => {
  test.use({ storageState: stateOf('admin') });

  test('the forecast card has a line for every part of the balance, and its balance is the Balance card’s', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/borrowers/dashboard');
    const section = page.getByTestId('forecast-section');
    const parts = section.getByTestId('forecast-left-out');
    await expect(parts).toBeVisible({ timeout: 60_000 });
    for (const line of [
      'Expected later',
      'Unlikely to be paid (by payment history)',
      'In dispute, held back',
      'Not expected (older than any payment)',
      'Bills open today',
      'Balance today',
    ])
      await expect(parts).toContainText(line);
    const value = async (label: string) =>
      Number(await parts.locator('div', { hasText: label }).last().locator('[data-value]').getAttribute('data-value'));
    const sum = [
      'Expected in 13 weeks',
      'Expected later',
      'Unlikely to be paid',
      'In dispute, held back',
      'Not expected',
    ].map((l) => value(l));
    const open = await value('Bills open today');
    expect(Math.round((await Promise.all(sum)).reduce((s, x) => s + x, 0) * 100)).toBe(Math.round(open * 100));
    const balance = await page.getByTestId('card-balance').locator('[data-value]').first().getAttribute('data-value');
    expect(Math.round((await value('Balance today')) * 100)).toBe(Math.round(Number(balance) * 100));
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: 'test-results/screens/figures-forecast-card.png' });

    await page.goto('/borrowers/worklist');
    await expect(page.getByRole('columnheader', { name: 'Overdue net of money on account' })).toBeVisible();
    await screenshot(page, 'figures-worklist');
  });
});

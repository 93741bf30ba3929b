import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

interface Forecast {
  asOf: string;
  weeks: { expected: number }[];
  backtest: {
    mape: number | null;
    rules: { dueDate: { mape: number | null }; customerMean: { mape: number | null } };
    points: { monthEnd: string }[];
  };
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The dashboard's cash-in forecast as of a past day: the As-of field of its section, the weeks and
 * the back-test of that day (GET /v3/clients/forecast?date=), with the two simple rules beside it.
 */
test.describe('the forecast as of a past day', () => {
  test.use({ storageState: stateOf('admin') });

  test('the As-of date gives the weeks and the back-test from that day, beside the simple rules', async ({ page }) => {
    test.setTimeout(180_000);
    const today = ((await (await page.request.get('/api/v3/clients/forecast')).json()) as Forecast).asOf;
    const past = new Date(Date.parse(`${today}T00:00:00Z`) - 45 * 86_400_000).toISOString().slice(0, 10);
    await page.goto('/borrowers/dashboard');
    const section = page.getByTestId('forecast-section');
    await section.getByTestId('as-of-date').fill(dmy(past));
    await section.getByTestId('as-of-date').press('Enter');
    await expect(page).toHaveURL(new RegExp(`date=${past}`));
    await expect(section.getByRole('heading', { name: `Cash-in forecast, 13 weeks from ${dmy(past)}` })).toBeVisible();
    const forecast = (await (await page.request.get(`/api/v3/clients/forecast?date=${past}`)).json()) as Forecast;
    expect(forecast.asOf).toBe(past);
    const bars = section.getByTestId('forecast-bar');
    await expect(bars).toHaveCount(13, { timeout: 120_000 });
    const shown = await bars.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))));
    expect(shown).toEqual(forecast.weeks.map((w) => w.expected));
    const rules = section.getByTestId('forecast-rules');
    await expect(rules).toContainText(`${forecast.backtest.rules.dueDate.mape!.toFixed(1)}% error`);
    await expect(rules).toContainText(`${forecast.backtest.rules.customerMean.mape!.toFixed(1)}% error`);
    const monthEnds = [...new Set(forecast.backtest.points.map((p) => p.monthEnd))];
    await expect(section.getByTestId('forecast-backtest-table').locator('tbody tr')).toHaveCount(monthEnds.length);
    await expect(section.getByTestId('forecast-left-out')).toContainText(`Bills open on ${dmy(past)}`);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-forecast-as-of');
  });
});

import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';

/**
 * A collector's morning: the worklist ranks the field officer's families, a call is logged from it,
 * and "WhatsApp" opens wa.me with the reminder written for the contact's mobile, logging it.
 */
test.describe('the collector worklist', () => {
  test.use({ storageState: stateOf('guest') });

  test('a field officer works down their worklist: logs a call, sends a WhatsApp reminder', async ({
    page,
    context,
  }) => {
    await page.goto('/borrowers/worklist');
    await expect(page.getByRole('heading', { name: 'Worklist' })).toBeVisible();
    const table = page.getByTestId('worklist-table');
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Ranked: the priority column never rises down the page.
    const priorities = (await table.locator('tbody tr td:nth-child(8)').allInnerTexts()).map(Number);
    expect(priorities.length).toBeGreaterThan(1);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    await screenshot(page, 'worklist');

    // The API answers the same first family, and only the officer's own customers.
    const api = (await (await page.request.get('/api/collections/worklist?count=5')).json()) as {
      sysObligorCode: string;
      name: string;
    }[];
    const first = rows.first();
    await expect(first).toHaveAttribute('data-code', api[0]!.sysObligorCode);

    // Log a call on the first family.
    await first.getByRole('button', { name: 'Log a call' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Summary').fill('Spoke to the accountant; cheque for the oldest bills on Friday.');
    await screenshot(page, 'worklist-log-call');
    await dialog.getByRole('button', { name: /save|log/i }).click();
    await expect(dialog).toBeHidden();
    await expect(first.getByText('today')).toBeVisible();

    // WhatsApp: a family with an Indian mobile on file opens wa.me with the reminder written in.
    const whatsapp = table.locator('button[data-wa-link]').first();
    const link = (await whatsapp.getAttribute('data-wa-link'))!;
    expect(link).toMatch(/^https:\/\/wa\.me\/91[6-9]\d{9}\?text=/);
    const text = decodeURIComponent(link.split('?text=')[1]!);
    expect(text).toMatch(/₹[\d,]+\.\d{2} is overdue on the account of/);
    const code = await whatsapp.locator('xpath=ancestor::tr').getAttribute('data-code');
    // No network to WhatsApp here: the browser's request to wa.me is answered locally.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'WhatsApp' }));
    const popup = context.waitForEvent('page');
    await whatsapp.click();
    const opened = await popup;
    await opened.waitForURL(/^https:\/\/wa\.me\//);
    expect(decodeURIComponent(opened.url())).toBe(decodeURIComponent(link));
    await opened.close();
    await expect(page.getByText(/WhatsApp reminder to .* logged/)).toBeVisible();
    const notes = (await (await page.request.get(`/api/communications/obligors/${code}?count=5`)).json()) as {
      channel: string;
      summary: string;
    }[];
    expect(notes.some((n) => n.channel === 'WHATSAPP' && n.summary === text)).toBe(true);
  });
});

import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { stateOf } from './auth-states';
import { htmlOf, mails, textOf } from './mailbox';

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
    const priorities = (await table.locator('tbody tr td:nth-child(7)').allInnerTexts()).map(Number);
    expect(priorities.length).toBeGreaterThan(1);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    await screenshot(page, 'worklist');

    // The API answers the same first family, and only the officer's own customers.
    const api = (await (await page.request.get('/api/collections/worklist?count=5')).json()) as {
      sysObligorCode: string;
      name: string;
    }[];
    await expect(rows.first()).toHaveAttribute('data-code', api[0]!.sysObligorCode);
    // Its place changes once it has been called (silence counts): follow it by its code.
    await page.goto(`/borrowers/worklist?search=${api[0]!.sysObligorCode}`);
    const first = table.locator(`tr[data-code="${api[0]!.sysObligorCode}"]`);

    // Log a call on the first family.
    await first.getByRole('button', { name: 'Log call' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Summary').fill('Spoke to the accountant; cheque for the oldest bills on Friday.');
    await screenshot(page, 'worklist-log-call');
    await dialog.getByRole('button', { name: /save|log/i }).click();
    await expect(dialog).toBeHidden();
    await expect(first.getByText('today')).toBeVisible();

    // WhatsApp: a family with an Indian mobile on file opens wa.me with the reminder written in.
    await page.goto('/borrowers/worklist');
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

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
/** India's day as YYYY-MM-DD and dd/mm/yyyy, offset by some days: the demo client's today. */
function indiaDay(offset = 0): { iso: string; typed: string } {
  const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' })
    .format(new Date(Date.now() + offset * 86_400_000))
    .split('/');
  return { iso: `${y}-${m}-${d}`, typed: `${d}/${m}/${y}` };
}

test.describe('a collector morning end to end', () => {
  test.use({ storageState: stateOf('admin') });

  test('promise taken on the worklist, reminders previewed and sent with the statement and UPI, a payment keeps the promise', async ({
    page,
  }) => {
    // Two new customers with overdue bills, so that the demo figures other specs read stay as they are.
    const run = String(Date.now() % 100000).padStart(5, '0');
    const kept = `E2E-COL-${run}-A`;
    const chased = `E2E-COL-${run}-B`;
    const overdue = indiaDay(-20).iso;
    const issued = indiaDay(-50).iso;
    await page.goto('/borrowers/integrations');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Files/).setInputFiles([
      {
        name: 'obligors.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_obligor_code,name,parent_sys_obligor_code,email,phone',
          `${kept},Sai Baba Agencies ${run},,accounts.${run}@saibaba.example,+91 98220 40001`,
          `${chased},Jai Ambe Distributors ${run},,accounts.${run}@jaiambe.example,+91 98220 40002`,
        ]),
      },
      {
        name: 'invoices.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
          `${kept}-1,SB/${run}/1,${kept},${issued},${overdue},"60,000.00"`,
          `${chased}-1,JA/${run}/1,${chased},${issued},${overdue},"45,000.00"`,
        ]),
      },
    ]);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');

    // The worklist finds both; a promise is taken on the first.
    await page.goto(`/borrowers/worklist?search=${run}`);
    const row = (code: string) => page.locator(`tr[data-code="${code}"]`);
    await expect(row(kept)).toBeVisible();
    await expect(row(chased)).toBeVisible();
    await row(kept).getByRole('button', { name: 'Promise' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount promised (₹)').fill('60000');
    const promised = indiaDay(2);
    await dialog.getByTestId('ptp-date').fill(promised.typed);
    await dialog.getByTestId('ptp-date').press('Tab');
    await dialog.getByLabel('Who promised').fill('Mr Kulkarni, accounts');
    await screenshot(page, 'worklist-take-promise');
    await dialog.getByRole('button', { name: 'Take promise' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(kept)).toContainText('Wait for the promised payment');
    await expect(row(kept)).toContainText('₹60,000.00');

    // The reminders' preview leaves the promised family out and lists the other at its level.
    await page.goto('/borrowers/reminders');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('table').filter({ hasText: 'Jai Ambe' });
    await expect(preview.getByRole('row').filter({ hasText: `Jai Ambe Distributors ${run}` })).toBeVisible();
    await expect(page.getByText(`Sai Baba Agencies ${run}`)).toHaveCount(0);
    await screenshot(page, 'reminders-preview');
    // The reminder's PDF, as its mail will attach it, from the preview's row.
    const pdfLink = preview
      .getByRole('row')
      .filter({ hasText: `Jai Ambe Distributors ${run}` })
      .getByRole('link', { name: /^Reminder PDF of / });
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Sent from the worklist for the one family: the mail carries the statement, the UPI link and its QR code.
    await page.goto(`/borrowers/worklist?search=${run}`);
    await row(chased).getByRole('button', { name: 'Remind' }).click();
    await expect(page.getByText(`Reminder sent to Jai Ambe Distributors ${run}`)).toBeVisible();
    await expect.poll(() => mails().filter((m) => m.to.includes(`accounts.${run}@jaiambe.example`)).length).toBe(1);
    const mail = textOf(mails().find((m) => m.to.includes(`accounts.${run}@jaiambe.example`))!);
    expect(mail).toMatch(/filename="?[^"\n]*\.xlsx/);
    expect(mail).toContain('upi://pay?pa=');
    expect(mail).toMatch(/Content-Type: image\/png/);
    expect(mail).toContain('45,000.00');
    // As the customer sees it: the HTML part rendered, its QR code in place.
    const shown = await page.context().newPage();
    await shown.setViewportSize({ width: 800, height: 900 });
    await shown.setContent(htmlOf(mails().find((m) => m.to.includes(`accounts.${run}@jaiambe.example`))!));
    await expect(shown.locator('img[src^="data:image/png"]')).toBeVisible();
    await screenshot(shown, 'reminder-email');
    await shown.close();

    // The customer pays: the import settles the bill and keeps the promise.
    await page.goto('/borrowers/integrations');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Files/).setInputFiles([
      {
        name: 'payments.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'payment_ref,sys_invoice_num,paid_date,amount',
          `RCPT/${run},${kept}-1,${indiaDay(0).iso},"60,000.00"`,
        ]),
      },
    ]);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported|Refused/ })).toContainText('Imported');
    await page.goto(`/borrowers/obligors/${kept}`);
    await expect(page.locator('[data-status="KEPT"]')).toBeVisible();
    // Paid today, 20 days after the due date: its payment behaviour says so.
    await expect(page.getByTestId('average-days-late')).toHaveText('20.0 days late');
    await expect(page.getByTestId('late-share')).toHaveText('100.0%');
    await screenshot(page, 'promise-kept');
    // Paid in full, the family leaves the worklist.
    await page.goto(`/borrowers/worklist?search=${run}`);
    await expect(row(chased)).toBeVisible();
    await expect(row(kept)).toHaveCount(0);
  });
});

test.describe('collection KPIs on the dashboard', () => {
  test.use({ storageState: stateOf('admin') });

  test('the strip shows the last whole month of the KPI call, with its trend', async ({ page }) => {
    await page.goto('/borrowers/dashboard');
    const strip = page.getByTestId('kpi-strip');
    await expect(strip).toBeVisible();
    const { months } = (await (await page.request.get('/api/v3/clients/kpis')).json()) as {
      months: { month: string; countbackDso: number | null; cei: number | null; simpleDso: number | null }[];
    };
    const last = months.at(-2)!;
    await expect(strip.locator('[data-kpi="countbackDso"]')).toHaveText(
      last.countbackDso === null ? '-' : `${last.countbackDso.toFixed(1)} days`,
    );
    await expect(strip.locator('[data-kpi="cei"]')).toHaveText(last.cei === null ? '-' : `${last.cei.toFixed(1)}%`);
    await expect(page.getByTestId('simple-dso')).toHaveText(
      last.simpleDso === null ? '-' : `${last.simpleDso.toFixed(1)} days`,
    );
    await expect(strip.locator('svg[role="img"]').first()).toBeVisible();
    await page.getByTestId('kpi-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-kpis');
  });

  test('the cash-in forecast shows 13 weeks of the forecast call, its band and the back-test error', async ({
    page,
  }) => {
    await page.goto('/borrowers/dashboard');
    const section = page.getByTestId('forecast-section');
    await expect(section.getByTestId('forecast-chart')).toBeVisible();
    const forecast = (await (await page.request.get('/api/v3/clients/forecast')).json()) as {
      weeks: { weekStart: string; expected: number }[];
      backtest: { mape: number | null };
    };
    const bars = section.getByTestId('forecast-bar');
    await expect(bars).toHaveCount(13);
    const shown = await bars.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-value'))));
    expect(shown).toEqual(forecast.weeks.map((w) => w.expected));
    await expect(section.getByTestId('forecast-band')).toHaveCount(13);
    const mape = forecast.backtest.mape;
    await expect(section.getByTestId('forecast-backtest')).toContainText(
      mape === null ? 'Nothing collected' : `${mape.toFixed(1)}% average error`,
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-forecast');
  });
});

test.describe('credit holds', () => {
  test.use({ storageState: stateOf('admin') });

  test('the dispatch desk list: why each account is held, a release with its reason, the CSV', async ({ page }) => {
    await page.goto('/borrowers/credit_limit');
    await page.getByRole('link', { name: 'Credit holds' }).click();
    await expect(page).toHaveURL('/borrowers/credit_limit/holds');
    const table = page.getByTestId('credit-holds');
    const held = table.locator('tr[data-status="ON_HOLD"]').first();
    await expect(held).toBeVisible();
    await screenshot(page, 'credit-holds');
    const code = (await held.getAttribute('data-code'))!;
    await held.getByRole('button', { name: 'Release' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await expect(dialog.getByText(/say why the account may ship/)).toBeVisible();
    await dialog.getByLabel('Reason').fill('Post-dated cheque for the 90+ bills received; clears on Monday.');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Released' }).click();
    const released = page.locator(`tr[data-code="${code}"]`);
    await expect(released).toHaveAttribute('data-status', 'RELEASED');
    await expect(released).toContainText('Post-dated cheque');
    const csv = await page.request.get('/api/credit_holds/export.csv');
    expect(csv.headers()['content-type']).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toMatch(/^sys_obligor_code,name,parent_sys_obligor_code,status,/);
    expect(text).toContain(`${code},`);
  });
});

import 'server-only';
import { format, parseISO } from 'date-fns';
import { DISPUTE_REASON_LABELS, type TDisputeReason } from '@/lib/contract/disputes';
import type { TDigestFigures } from '@/lib/contract/digest';
import { formatDayInput as day } from '@/lib/domain/day-input';
import { escapeHtml } from '@/lib/domain/dunning';
import { formatMoney } from '@/lib/domain/format';
import { kpiChangeText, kpiFigure } from '@/lib/domain/kpi-strip';

export interface DigestMessageInput {
  figures: TDigestFigures;
  clientName: string;
  userName: string;
  /** Whether the user sees a part of the customers only (a field officer's, a manager's). */
  scoped: boolean;
  money: { currency: string; locale: string };
  dashboardUrl: string;
  settingsUrl: string;
  attachment: string;
}

interface Section {
  title: string;
  lines: string[];
  /** Shown when lines is empty. */
  none?: string;
}

/**
 * The digest as a mail: the subject (client and date) and the same sections in plain text and HTML.
 * Amounts in full in the client's currency (₹12,34,567.00: Indian grouping), dates dd/mm/yyyy.
 */
export function digestMessage(input: DigestMessageInput): { subject: string; text: string; html: string } {
  const { figures: f, money } = input;
  const rs = (v: number) => formatMoney(v, money.currency, money.locale);
  const moved = (v: number) => (Math.abs(v) < 0.005 ? 'no change' : `${v > 0 ? '▲' : '▼'} ${rs(Math.abs(v))}`);
  const since = day(f.previousDate);
  const kind = f.frequency === 'DAILY' ? 'Daily' : 'Weekly';
  const subject = `${kind} receivables digest: ${input.clientName}, ${day(f.asOf)}`;
  const dueWhen = f.frequency === 'DAILY' ? 'today' : `by ${day(weekEnd(f))}`;
  // "3, ₹1,20,000.00" after a section's title; nothing when it has no line (its "None." says it).
  const total = (rows: { amount: number }[]) =>
    rows.length ? `: ${rows.length}, ${rs(rows.reduce((s, r) => s + Math.round(r.amount * 100), 0) / 100)}` : '';
  const promise = (p: { obligorName: string; sysObligorCode: string; amount: number; promisedDate: string }) =>
    `${p.obligorName} (${p.sysObligorCode}): ${rs(p.amount)} promised for ${day(p.promisedDate)}`;
  const sections: Section[] = [
    {
      title: `Receivables as of ${day(f.asOf)}`,
      lines: [
        `Balance: ${rs(f.balance)} (${moved(f.balance - f.previousBalance)} since ${since})`,
        `Overdue: ${rs(f.overdue)} (${moved(f.overdue - f.previousOverdue)} since ${since})`,
      ],
    },
    {
      title: f.kpiMonth
        ? `Collection KPIs, ${format(parseISO(`${f.kpiMonth}-01`), 'MMMM yyyy')}, against the month before`
        : 'Collection KPIs',
      lines: f.kpis.map((k) => `${k.label}: ${kpiFigure(k.value, k.unit)} (${kpiChangeText(k.change, k.unit)})`),
      none: 'No whole month of data yet.',
    },
    {
      title: `Cash-in forecast, next ${f.forecast.length} weeks`,
      lines: f.forecast.map(
        (w) => `${day(w.weekStart)} to ${day(w.weekEnd)}: ${rs(w.expected)} expected (${rs(w.low)} to ${rs(w.high)})`,
      ),
      none: 'No open debts to forecast.',
    },
  ];
  if (f.promisesDue)
    sections.push({
      title: `Promises to pay due ${dueWhen}${total(f.promisesDue)}`,
      lines: f.promisesDue.map(promise),
      none: 'None.',
    });
  if (f.promisesBroken)
    sections.push({
      title: `Promises broken since ${since}${total(f.promisesBroken)}`,
      lines: f.promisesBroken.map(promise),
      none: 'None.',
    });
  sections.push({
    title: `Largest movers since ${since}`,
    lines: f.movers.map(
      (m) =>
        `${m.name} (${m.sysObligorCode}): balance ${rs(m.balance)} (${moved(m.balanceChange)}), overdue ${rs(m.overdue)} (${moved(m.overdueChange)})`,
    ),
    none: 'No customer’s balance or overdue moved.',
  });
  if (f.newDisputes)
    sections.push({
      title: `New disputes since ${since}${total(f.newDisputes)}`,
      lines: f.newDisputes.map(
        (d) =>
          `${d.obligorName} (${d.sysObligorCode}): ${rs(d.amount)}, ${DISPUTE_REASON_LABELS[d.reason as TDisputeReason]}, opened ${day(d.openedOn)}`,
      ),
      none: 'None.',
    });

  const intro = `Dear ${input.userName},\n\nYour ${kind.toLowerCase()} receivables digest for ${input.clientName} as of ${day(f.asOf)}${input.scoped ? ', for your customers' : ''}, against ${since}.`;
  const outro = `The dashboard as a workbook is attached (${input.attachment}).\nOpen the dashboard: ${input.dashboardUrl}\nChange or stop this digest: ${input.settingsUrl}`;
  const text = [
    intro,
    ...sections.map((s) => [s.title, ...(s.lines.length ? s.lines.map((l) => `- ${l}`) : [s.none ?? ''])].join('\n')),
    outro,
  ].join('\n\n');
  const esc = escapeHtml;
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#0f172a;line-height:1.5">
<p>${esc(intro).replace(/\n/g, '<br>')}</p>
${sections
  .map(
    (s) =>
      `<h3 style="font-size:15px;margin:16px 0 4px">${esc(s.title)}</h3>${
        s.lines.length
          ? `<ul style="margin:0;padding-left:20px">${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
          : `<p style="margin:0;color:#64748b">${esc(s.none ?? '')}</p>`
      }`,
  )
  .join('\n')}
<p style="margin-top:16px">The dashboard as a workbook is attached (${esc(input.attachment)}).<br>
<a href="${esc(input.dashboardUrl)}">Open the dashboard</a> · <a href="${esc(input.settingsUrl)}">Change or stop this digest</a></p>
</div>`;
  return { subject, text, html };
}

/** The last day of a weekly digest's coming week (promises due by it): the as-of day + 6. */
function weekEnd(f: TDigestFigures): string {
  const t = parseISO(f.asOf);
  t.setDate(t.getDate() + 6);
  return format(t, 'yyyy-MM-dd');
}

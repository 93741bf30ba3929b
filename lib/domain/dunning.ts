/**
 * Reminder (dunning) rules, pure: the default policy every client has until it saves its own, the
 * level a customer has reached, and the templates' placeholders. Shared by the server (runs, the
 * policy call's validation) and the browser (the policy page).
 */
import { netDue } from './ageing';

export const DUNNING_CHANNELS = ['EMAIL', 'WHATSAPP', 'TASK'] as const;
export type TDunningChannel = (typeof DUNNING_CHANNELS)[number];
export const TASK_FOR = ['COLLECTOR', 'MANAGER'] as const;
export type TTaskFor = (typeof TASK_FOR)[number];
export const DUNNING_GROUPINGS = ['FAMILY', 'ACCOUNT'] as const;
export type TDunningGrouping = (typeof DUNNING_GROUPINGS)[number];

export const CHANNEL_LABEL: Record<TDunningChannel, string> = {
  EMAIL: 'Email',
  WHATSAPP: 'WhatsApp (by the collector)',
  TASK: 'Task',
};

/** Bounds of a level's days (relative to the due date), of the quiet period and of the number of levels. */
export const LEVEL_DAYS_MIN = -30;
export const LEVEL_DAYS_MAX = 365;
export const QUIET_DAYS_MAX = 90;
export const MAX_LEVELS = 10;

export const PLACEHOLDERS = [
  'customerName',
  'familyName',
  'amountDue',
  'overdueTable',
  'oldestDays',
  'statementLink',
  'paymentLink',
  'clientName',
  // The law's lines (lib/domain/law-lines.ts): empty where they do not apply.
  'msmeInterest',
  'msmeLine',
  's43bNote',
  'itcNote',
] as const;
export type TPlaceholder = (typeof PLACEHOLDERS)[number];

export interface DunningLevel {
  /** 1, 2, 3… in the order of `days`. */
  level: number;
  /** Reached when the oldest item is this many days past its due date (negative: before it). */
  days: number;
  channel: TDunningChannel;
  /** Only for TASK: who gets the task. */
  taskFor: TTaskFor | null;
  subject: string;
  body: string;
}

export interface DunningPolicy {
  enabled: boolean;
  grouping: TDunningGrouping;
  /** Nothing is sent for less than this amount due (rupees). */
  minAmount: number;
  /** No customer gets two reminders within this many days. */
  quietDays: number;
  /** Days a customer's "I have paid" holds back reminders of its bills (remittance advice). */
  remittanceGraceDays?: number;
  levels: DunningLevel[];
}

/** The grace period of a remittance advice unless the client sets another. */
export const DEFAULT_REMITTANCE_GRACE_DAYS = 5;
export const REMITTANCE_GRACE_DAYS_MAX = 30;

const SIGN_OFF = `

Regards,
Accounts Receivable
{{clientName}}`;

/** The policy of a client that has not saved one: five levels from three days before the due date to sixty after. */
export const DEFAULT_POLICY: DunningPolicy = {
  enabled: true,
  grouping: 'FAMILY',
  minAmount: 1000,
  quietDays: 7,
  levels: [
    {
      level: 1,
      days: -3,
      channel: 'EMAIL',
      taskFor: null,
      subject: 'Payment due soon: ₹{{amountDue}} to {{clientName}}',
      body: `Dear {{customerName}},

This is a friendly reminder that ₹{{amountDue}} falls due for payment to {{clientName}} in the coming days:

{{overdueTable}}

You can pay by UPI in one step: {{paymentLink}}
Your statement of account is attached and available at {{statementLink}}.

If you have already arranged the payment, please ignore this mail.${SIGN_OFF}`,
    },
    {
      level: 2,
      days: 1,
      channel: 'EMAIL',
      taskFor: null,
      subject: 'Payment reminder: ₹{{amountDue}} overdue from {{customerName}}',
      body: `Dear {{customerName}},

Our records show ₹{{amountDue}} past its due date, the oldest by {{oldestDays}} days:

{{overdueTable}}

We request you to release the payment at the earliest. Pay by UPI: {{paymentLink}}
Your statement of account is attached; you can also see it at {{statementLink}}.

If the payment has already been made, please share the UTR number so that we can reconcile it.${SIGN_OFF}`,
    },
    {
      level: 3,
      days: 15,
      channel: 'EMAIL',
      taskFor: null,
      subject: 'Second reminder: ₹{{amountDue}} overdue by {{oldestDays}} days',
      body: `Dear {{customerName}},

Our records show ₹{{amountDue}} still unpaid, the oldest invoice now {{oldestDays}} days past due:

{{overdueTable}}

Please clear the dues within seven days to avoid any hold on further supplies. Pay by UPI: {{paymentLink}}
The statement of account is attached ({{statementLink}}). If any invoice is disputed, reply to this mail with the details.${SIGN_OFF}`,
    },
    {
      level: 4,
      days: 30,
      channel: 'WHATSAPP',
      taskFor: null,
      subject: 'WhatsApp reminder to {{customerName}}',
      body: `Namaste, this is {{clientName}} accounts. ₹{{amountDue}} is overdue from {{customerName}}, the oldest by {{oldestDays}} days. Kindly arrange the payment today. Pay by UPI: {{paymentLink}} Statement: {{statementLink}}`,
    },
    {
      level: 5,
      days: 60,
      channel: 'TASK',
      taskFor: 'MANAGER',
      subject: 'Escalate: {{customerName}} owes ₹{{amountDue}}, {{oldestDays}} days overdue',
      body: `{{customerName}} ({{familyName}}) owes ₹{{amountDue}}, the oldest item {{oldestDays}} days past due, after email and WhatsApp reminders. Please call the owner, agree a payment plan or decide on holding supplies.

{{overdueTable}}`,
    },
  ],
};

/**
 * The level a customer has reached: the highest whose `days` is at most the oldest item's days
 * past due (negative while it is not yet due); none when even the first is not reached.
 */
export function levelFor<L extends { days: number }>(levels: readonly L[], oldestDays: number): L | null {
  let reached: L | null = null;
  for (const level of [...levels].sort((a, b) => a.days - b.days)) {
    if (level.days <= oldestDays) reached = level;
  }
  return reached;
}

/**
 * What a group (a family or an account) due a reminder gets once the receipts it has not had
 * allocated to bills are counted. `due` is what the reminder would ask for (its debts due by the
 * first level, less its credits), `unallocated` its receipts on account not yet allocated (zero or
 * negative). Not chased at all (null) when `due` is nothing or under the minimum. Otherwise the
 * amount asked is netDue(due, unallocated) (lib/domain/ageing.ts); when that money on account
 * leaves nothing, or less than the minimum, the customer is asked which bills the receipt pays
 * instead of being reminded (ASK_ALLOCATION), else reminded for the net amount (REMIND).
 */
export function reminderDecision(
  due: number,
  unallocated: number,
  minAmount: number,
): { action: 'REMIND' | 'ASK_ALLOCATION'; amountDue: number } | null {
  if (!(due > 0) || due < minAmount) return null;
  const amountDue = netDue(due, unallocated);
  if (unallocated < 0 && (amountDue <= 0 || amountDue < minAmount)) return { action: 'ASK_ALLOCATION', amountDue };
  return { action: 'REMIND', amountDue };
}

/**
 * The reminder's line on money received on account (unallocated, negative) deducted from the items
 * listed, leaving `amountDue`.
 */
export function onAccountText(unallocated: number, amountDue: number): string {
  return `We have received ₹${amountText(-unallocated)} on account that is not yet allocated to bills; we have deducted it: ₹${amountText(amountDue)} remains due. Please let us know which bills it pays.`;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** True when the template uses the placeholder. */
export function usesPlaceholder(template: string, name: TPlaceholder): boolean {
  return [...template.matchAll(PLACEHOLDER)].some((m) => m[1] === name);
}

/** The placeholders of a template that are not ours ({{amount}} for {{amountDue}}), each once. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(PLACEHOLDERS);
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

export type TemplateValues = Record<TPlaceholder, string>;

/** The template with each placeholder replaced by its value (text: values as they are). */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as TPlaceholder] : whole,
  );
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The template as HTML: its own text escaped, line breaks kept, each placeholder replaced by its
 * HTML value (already safe: the overdue table, the payment button).
 */
export function renderTemplateHtml(template: string, htmlValues: TemplateValues): string {
  let html = '';
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    html += escapeHtml(template.slice(at, match.index)).replace(/\n/g, '<br>\n');
    const name = match[1]!;
    html += name in htmlValues ? htmlValues[name as TPlaceholder] : escapeHtml(match[0]);
    at = match.index + match[0].length;
  }
  return html + escapeHtml(template.slice(at)).replace(/\n/g, '<br>\n');
}

/** Rupees with en-IN grouping and two decimals, without the symbol (the templates write ₹): 1,23,456.50. */
export function amountText(value: number): string {
  return new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** dd/mm/yyyy of an ISO day. */
export function dayText(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export interface ReminderItem {
  /** The item's key (a task about the items links them); absent where only the printed number matters. */
  sysInvoiceNum?: string;
  invoiceNum: string;
  docType: 'INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE' | 'WRITE_OFF';
  issueDate: string;
  dueDate: string | null;
  /** What is asked for: what it owes, for an invoice in instalments what its instalments due by then hold. */
  outstanding: number;
  /** An invoice in instalments: what its instalments not yet due hold, not asked for (absent when none). */
  notYetDue?: number;
  /** Days past the due date, an invoice in instalments' oldest open instalment's (`dueDate`). */
  daysPastDue: number;
  /**
   * Not yet due, listed in a reminder of an overdue level as "due soon" with the days to its due
   * date, and not part of the amount asked for (the subject says "overdue").
   */
  dueSoon?: boolean;
  /** What an open dispute holds of it: left out of `outstanding`, shown beside it (absent when none). */
  disputed?: number;
}

/**
 * "; ₹30,000.00 more in instalments due later" when part of the invoice is not yet asked for, and
 * "; ₹10,000.00 in dispute, not asked for" when a dispute holds part of it.
 */
function laterText(item: ReminderItem): string {
  const later =
    item.notYetDue && item.notYetDue > 0 ? `; ₹${amountText(item.notYetDue)} more in instalments due later` : '';
  const held = item.disputed && item.disputed > 0 ? `; ₹${amountText(item.disputed)} in dispute, not asked for` : '';
  return later + held;
}

/** The items asked for, then the ones due soon (listed apart, not in the amount due). */
function splitDueSoon(items: readonly ReminderItem[]): [ReminderItem[], ReminderItem[]] {
  return [items.filter((i) => !i.dueSoon), items.filter((i) => i.dueSoon)];
}

const DOC_LABEL: Record<ReminderItem['docType'], string> = {
  INVOICE: 'Invoice',
  DEBIT_NOTE: 'Debit note',
  CREDIT_NOTE: 'Credit note',
  WRITE_OFF: 'Bad debt written off',
};

function daysLabel(days: number): string {
  if (days === 1) return '1 day overdue';
  if (days > 0) return `${days} days overdue`;
  if (days === 0) return 'due today';
  return days === -1 ? 'due tomorrow' : `due in ${-days} days`;
}

/** ₹ before the figure, a credit as "less ₹2,000.00". */
function rupees(value: number): string {
  return value < 0 ? `less ₹${amountText(-value)}` : `₹${amountText(value)}`;
}

/** Money received on account and not yet allocated (negative), and what remains due once it is deducted. */
export interface OnAccount {
  unallocated: number;
  amountDue: number;
}

/**
 * The overdue table as plain text, one item a line: for the text part and WhatsApp. With money on
 * account, the items stay listed and the line saying it was deducted follows them.
 */
export function overdueTableText(all: readonly ReminderItem[], onAccount?: OnAccount | null): string {
  const [items, soon] = splitDueSoon(all);
  const soonLines = soon.length
    ? `\n\nDue soon, not included in the amount due:\n${soon
        .map(
          (i) =>
            `- ${DOC_LABEL[i.docType]} ${i.invoiceNum} dated ${dayText(i.issueDate)}, due ${dayText(i.dueDate ?? i.issueDate)}: ${rupees(i.outstanding)} (${daysLabel(i.daysPastDue)}${laterText(i)})`,
        )
        .join('\n')}`
    : '';
  const lines = items
    .map((i) =>
      i.outstanding < 0
        ? `- ${DOC_LABEL[i.docType]} ${i.invoiceNum} dated ${dayText(i.issueDate)}: ${rupees(i.outstanding)}`
        : `- ${DOC_LABEL[i.docType]} ${i.invoiceNum} dated ${dayText(i.issueDate)}, due ${dayText(i.dueDate ?? i.issueDate)}: ${rupees(i.outstanding)} (${daysLabel(i.daysPastDue)}${laterText(i)})`,
    )
    .join('\n');
  return onAccount && onAccount.unallocated < 0
    ? `${lines}\n\n${onAccountText(onAccount.unallocated, onAccount.amountDue)}${soonLines}`
    : `${lines}${soonLines}`;
}

/**
 * The overdue table as an HTML table with inline styles (mail programs drop style sheets); `total`
 * is the amount due. Money on account is a row deducted before the total, and its line follows.
 */
export function overdueTableHtml(all: readonly ReminderItem[], total: number, onAccount?: OnAccount | null): string {
  const [items, soon] = splitDueSoon(all);
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap"';
  const rows = items
    .map(
      (i) =>
        `<tr><td ${cell}>${escapeHtml(DOC_LABEL[i.docType])} ${escapeHtml(i.invoiceNum)}</td><td ${cell}>${dayText(i.issueDate)}</td><td ${cell}>${i.outstanding < 0 ? '' : dayText(i.dueDate ?? i.issueDate)}</td><td ${num}>${escapeHtml(rupees(i.outstanding))}</td><td ${num}>${i.outstanding < 0 ? '' : escapeHtml(daysLabel(i.daysPastDue))}</td></tr>${
          i.notYetDue && i.notYetDue > 0
            ? `<tr><td colspan="5" style="padding:0 8px 4px;border-bottom:1px solid #e2e8f0;color:#475569;font-size:12px">₹${amountText(i.notYetDue)} more of it falls due in later instalments, not asked for now</td></tr>`
            : ''
        }${
          i.disputed && i.disputed > 0
            ? `<tr><td colspan="5" style="padding:0 8px 4px;border-bottom:1px solid #e2e8f0;color:#6d28d9;font-size:12px">₹${amountText(i.disputed)} more of it is in dispute, not asked for</td></tr>`
            : ''
        }`,
    )
    .join('');
  const soonRows = soon.length
    ? `<tr><td colspan="5" style="padding:12px 8px 4px;color:#475569"><strong>Due soon</strong>, not included in the amount due</td></tr>${soon
        .map(
          (i) =>
            `<tr><td ${cell}>${escapeHtml(DOC_LABEL[i.docType])} ${escapeHtml(i.invoiceNum)}</td><td ${cell}>${dayText(i.issueDate)}</td><td ${cell}>${dayText(i.dueDate ?? i.issueDate)}</td><td ${num}>${escapeHtml(rupees(i.outstanding))}</td><td ${num}>${escapeHtml(daysLabel(i.daysPastDue))}</td></tr>`,
        )
        .join('')}`
    : '';
  const received =
    onAccount && onAccount.unallocated < 0
      ? `<tr><td ${cell} colspan="3">Received on account, not yet allocated to bills</td><td ${num}>${escapeHtml(rupees(onAccount.unallocated))}</td><td ${cell}></td></tr>`
      : '';
  const line =
    onAccount && onAccount.unallocated < 0
      ? `<p style="margin:8px 0">${escapeHtml(onAccountText(onAccount.unallocated, onAccount.amountDue))}</p>`
      : '';
  return `<table style="border-collapse:collapse;font-size:14px;margin:8px 0"><thead><tr><th ${cell}>Document</th><th ${cell}>Date</th><th ${cell}>Due</th><th ${num}>Outstanding</th><th ${num}>Days</th></tr></thead><tbody>${rows}${received}<tr><td ${cell} colspan="3"><strong>Amount due</strong></td><td ${num}><strong>₹${amountText(total)}</strong></td><td ${cell}></td></tr>${soonRows}</tbody></table>${line}`;
}

/**
 * Reminder (dunning) rules, pure: the default policy every client has until it saves its own, the
 * level a customer has reached, and the templates' placeholders. Shared by the server (runs, the
 * policy call's validation) and the browser (the policy page).
 */

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
  levels: DunningLevel[];
}

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

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

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
  invoiceNum: string;
  docType: 'INVOICE' | 'DEBIT_NOTE' | 'CREDIT_NOTE';
  issueDate: string;
  dueDate: string | null;
  outstanding: number;
  daysPastDue: number;
}

const DOC_LABEL: Record<ReminderItem['docType'], string> = {
  INVOICE: 'Invoice',
  DEBIT_NOTE: 'Debit note',
  CREDIT_NOTE: 'Credit note',
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

/** The overdue table as plain text, one item a line: for the text part and WhatsApp. */
export function overdueTableText(items: readonly ReminderItem[]): string {
  return items
    .map((i) =>
      i.outstanding < 0
        ? `- ${DOC_LABEL[i.docType]} ${i.invoiceNum} dated ${dayText(i.issueDate)}: ${rupees(i.outstanding)}`
        : `- ${DOC_LABEL[i.docType]} ${i.invoiceNum} dated ${dayText(i.issueDate)}, due ${dayText(i.dueDate ?? i.issueDate)}: ${rupees(i.outstanding)} (${daysLabel(i.daysPastDue)})`,
    )
    .join('\n');
}

/** The overdue table as an HTML table with inline styles (mail programs drop style sheets). */
export function overdueTableHtml(items: readonly ReminderItem[], total: number): string {
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:right;white-space:nowrap"';
  const rows = items
    .map(
      (i) =>
        `<tr><td ${cell}>${escapeHtml(DOC_LABEL[i.docType])} ${escapeHtml(i.invoiceNum)}</td><td ${cell}>${dayText(i.issueDate)}</td><td ${cell}>${i.outstanding < 0 ? '' : dayText(i.dueDate ?? i.issueDate)}</td><td ${num}>${escapeHtml(rupees(i.outstanding))}</td><td ${num}>${i.outstanding < 0 ? '' : escapeHtml(daysLabel(i.daysPastDue))}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;font-size:14px;margin:8px 0"><thead><tr><th ${cell}>Document</th><th ${cell}>Date</th><th ${cell}>Due</th><th ${num}>Outstanding</th><th ${num}>Days</th></tr></thead><tbody>${rows}<tr><td ${cell} colspan="3"><strong>Amount due</strong></td><td ${num}><strong>₹${amountText(total)}</strong></td><td ${cell}></td></tr></tbody></table>`;
}

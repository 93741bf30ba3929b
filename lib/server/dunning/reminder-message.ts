import 'server-only';
import type { Db } from '@/lib/db/client';
import { ZStatementDownloadQuery } from '@/lib/contract/portal';
import {
  amountText,
  escapeHtml,
  overdueTableHtml,
  overdueTableText,
  renderTemplate,
  renderTemplateHtml,
  usesPlaceholder,
  type DunningLevel,
  type OnAccount,
  type TemplateValues,
  onAccountText,
} from '@/lib/domain/dunning';
import { NO_LAW, withoutEmptyLaw } from '@/lib/domain/law-lines';
import { upiAllowed, upiLink, upiReference } from '@/lib/domain/upi';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { customerLinkFor } from '@/lib/server/customer-door/customer-users';
import { appUrl, type Mail } from '@/lib/server/mail/send-mail';
import { statementDownload } from '@/lib/server/portal/statement-xlsx';
import type { Candidate } from './candidates';
import { reminderPdf } from './reminder-pdf';
import { upiQrPng } from './upi-qr';

/** What a reminder needs of the client: its name and where its customers pay. */
export interface Payee {
  code: string;
  name: string;
  upiVpa: string | null;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
  /** Rupees: a reminder asking for more carries no UPI link or QR code (UPI apps refuse it). */
  upiLimit: number;
}

export function paymentLinkOf(payee: Payee, candidate: Candidate): string | null {
  if (!payee.upiVpa || !upiAllowed(candidate.amountDue, payee.upiLimit)) return null;
  return upiLink({
    vpa: payee.upiVpa,
    payeeName: payee.name,
    amount: candidate.amountDue,
    reference: upiReference(candidate.code, payee.code),
  });
}

function bankLines(payee: Payee): string[] {
  if (!payee.bankAccountNumber) return [];
  return [
    `Bank transfer (NEFT/RTGS/IMPS):`,
    `Account name: ${payee.bankAccountName ?? payee.name}`,
    `Account number: ${payee.bankAccountNumber}`,
    ...(payee.bankIfsc ? [`IFSC: ${payee.bankIfsc}`] : []),
    ...(payee.bankName ? [`Bank: ${payee.bankName}`] : []),
  ];
}

const statementLinkOf = (code: string) => appUrl(`/customerportal/${encodeURIComponent(code)}`);

/** The money on account deducted from the items, when the candidate has any. */
function onAccountOf(candidate: Candidate): OnAccount | null {
  return candidate.unallocated < 0 ? { unallocated: candidate.unallocated, amountDue: candidate.amountDue } : null;
}

/**
 * The line on money received on account for a template that does not list the items (the overdue
 * table carries it otherwise), so that every reminder that deducted it says so.
 */
function onAccountTail(body: string, candidate: Candidate): string | null {
  const onAccount = onAccountOf(candidate);
  return onAccount && !usesPlaceholder(body, 'overdueTable')
    ? onAccountText(onAccount.unallocated, onAccount.amountDue)
    : null;
}

/** The placeholders' values as text (WhatsApp, tasks, the plain-text part). */
export function textValues(payee: Payee, candidate: Candidate): TemplateValues {
  const link = paymentLinkOf(payee, candidate);
  return {
    customerName: candidate.name,
    familyName: candidate.familyName,
    amountDue: amountText(candidate.amountDue),
    overdueTable: overdueTableText(candidate.items, onAccountOf(candidate)),
    oldestDays: String(candidate.oldestDays),
    statementLink: statementLinkOf(candidate.code),
    // Without a UPI link the templates' "Pay by UPI: …" says why and points at the bank account, or at the client.
    paymentLink:
      link ??
      `${payee.upiVpa ? `not for more than ₹${amountText(payee.upiLimit)}` : 'not set up'}; ${
        payee.bankAccountNumber ? 'pay by bank transfer (details below)' : 'ask us for our bank details'
      }`,
    clientName: payee.name,
    ...(candidate.law ?? NO_LAW),
  };
}

/** The subject and the text of a level for a candidate (WhatsApp and task levels use these). */
export function renderText(level: DunningLevel, payee: Payee, candidate: Candidate) {
  const values = textValues(payee, candidate);
  const bank = bankLines(payee);
  const tail = onAccountTail(level.body, candidate);
  return {
    subject: renderTemplate(level.subject, values).replace(/\s+/g, ' ').trim(),
    text:
      renderTemplate(withoutEmptyLaw(level.body, candidate.law ?? NO_LAW), values) +
      (tail ? `\n\n${tail}` : '') +
      (bank.length ? `\n\n${bank.join('\n')}` : ''),
  };
}

/**
 * The reminder mail: the rendered subject, an HTML body (the overdue table, a "Pay by UPI" button
 * with the QR code inline, the bank details) and its plain-text part, with the reminder as a PDF
 * (the statement's template: ./reminder-pdf.ts), the customer's statement (the portal's workbook)
 * and the QR code attached.
 */
export async function reminderMail(
  db: Db,
  clientId: number,
  level: DunningLevel,
  payee: Payee,
  candidate: Candidate,
  to: string,
  today: string,
  scope?: ObligorScope,
): Promise<Mail> {
  const { subject, text } = renderText(level, payee, candidate);
  const link = paymentLinkOf(payee, candidate);
  const textOf = textValues(payee, candidate);
  const button = link
    ? `<div style="margin:12px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">Pay ₹${amountText(candidate.amountDue)} by UPI</a><br><img src="cid:upi-qr" alt="UPI QR code for ${escapeHtml(payee.upiVpa ?? '')}" width="180" height="180" style="margin-top:8px"><br><span style="font-size:12px;color:#475569">Scan with any UPI app (${escapeHtml(payee.upiVpa ?? '')}), or tap the button on your phone.</span></div>`
    : escapeHtml(textOf.paymentLink);
  const html = renderTemplateHtml(withoutEmptyLaw(level.body, candidate.law ?? NO_LAW), {
    ...Object.fromEntries(Object.entries(textOf).map(([k, v]) => [k, escapeHtml(v)])),
    overdueTable: overdueTableHtml(candidate.items, candidate.amountDue, onAccountOf(candidate)),
    paymentLink: button,
    statementLink: `<a href="${escapeHtml(textOf.statementLink)}">${escapeHtml(textOf.statementLink)}</a>`,
  } as TemplateValues);
  const tail = onAccountTail(level.body, candidate);
  const tailHtml = tail ? `<p style="margin-top:12px">${escapeHtml(tail)}</p>` : '';
  const bank = bankLines(payee);
  const bankHtml = bank.length
    ? `<p style="margin-top:16px;padding:8px 12px;background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px">${bank.map(escapeHtml).join('<br>')}</p>`
    : '';
  const { doorHtml, doorText } = await customerDoor(db, clientId, candidate.code);
  const [statement, pdf] = await Promise.all([
    statementDownload(db, clientId, ZStatementDownloadQuery.parse({ sysObligorCode: candidate.code }), scope),
    reminderPdf(db, clientId, candidate, today, scope),
  ]);
  const attachments: NonNullable<Mail['attachments']> = [
    {
      filename: `reminder-${candidate.code.replace(/[^\w.-]/g, '_')}-${today}.pdf`,
      content: pdf,
      contentType: 'application/pdf',
    },
    {
      filename: `statement-${candidate.code.replace(/[^\w.-]/g, '_')}.xlsx`,
      content: Buffer.from(await statement.arrayBuffer()),
      contentType: statement.headers.get('content-type') ?? 'application/octet-stream',
    },
  ];
  if (link) {
    attachments.push({
      filename: 'upi-qr.png',
      content: await upiQrPng(link),
      contentType: 'image/png',
      cid: 'upi-qr',
    });
  }
  return {
    to,
    subject,
    text: text + doorText,
    html: `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#0f172a;line-height:1.5">${html}${tailHtml}${doorHtml}${bankHtml}</div>`,
    attachments,
  };
}

/**
 * "See your account and pay" of a mail to a customer (reminders and statements): a signed
 * single-use link (15 minutes) when the customer has a portal user, as HTML and as text; empty otherwise.
 */
export async function customerDoor(db: Db, clientId: number, code: string) {
  const door = await customerLinkFor(db, clientId, code);
  const doorHtml = door
    ? `<p style="margin-top:16px"><a href="${escapeHtml(door)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">See your account and pay</a><br><span style="font-size:12px;color:#475569">Opens your statement with your bills, to pay them or tell us what you paid. The link works once, within 15 minutes; after that, sign in with your password.</span></p>`
    : '';
  const doorText = door
    ? `\n\nSee your account and pay: ${door}\n(The link works once, within 15 minutes; after that, sign in with your password.)`
    : '';
  return { doorHtml, doorText };
}

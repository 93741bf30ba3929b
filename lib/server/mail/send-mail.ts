import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID, when sending again must be recognisable as the same mail (a reminder resumed
   * after its runner died): mail systems drop a second copy, and the outbox keeps one file.
   */
  messageId?: string;
}

export const MAIL_FROM = process.env.MAIL_FROM ?? 'Receivables Desk <no-reply@receivables.local>';

/** Where mails go without SMTP_URL: one .eml file each, readable by any mail program. */
export function outboxDir(): string {
  return process.env.OUTBOX_DIR ?? path.join(process.cwd(), 'outbox');
}

let smtp: { url: string; transport: Transporter } | undefined;
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** Sends through SMTP when SMTP_URL is set; otherwise writes the message to the outbox folder. */
export async function sendMail(mail: Mail): Promise<void> {
  const message = { from: MAIL_FROM, ...mail };
  const url = process.env.SMTP_URL;
  if (url) {
    if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
    await smtp.transport.sendMail(message);
    return;
  }
  // With `buffer: true` the stream transport hands back the whole message as one Buffer.
  const { message: eml } = await fileTransport.sendMail(message);
  // Mails carry reset and unlock links: the folder and files are the server user's only.
  await mkdir(outboxDir(), { recursive: true, mode: 0o700 });
  const name = mail.messageId
    ? `${mail.messageId.replace(/[^\w.-]/g, '_')}.eml`
    : `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
  await writeFile(path.join(outboxDir(), name), eml, { mode: 0o600 });
}

/** Absolute links in mails (lib/server/config/app-url.ts: APP_URL, default this server's port). */
export { appUrl } from '@/lib/server/config/app-url';

import { readFileSync } from 'node:fs';
import { MAILBOX_FILE } from './global-setup';

export interface Mail { to: string[]; raw: string }

export function mails(): Mail[] {
  return readFileSync(MAILBOX_FILE, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Mail);
}

/** The first http(s) link in a mail, with quoted-printable soft line breaks undone. */
export function linkIn(mail: Mail): string | null {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /(https?:\/\/[^\s"<>]+\/borrowers\/tasks\/\d+)/.exec(text)?.[1] ?? null;
}

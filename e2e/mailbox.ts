import { readFileSync } from 'node:fs';
import { MAILBOX_FILE } from './global-setup';

export interface Mail {
  to: string[];
  raw: string;
}

export function mails(): Mail[] {
  return readFileSync(MAILBOX_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail);
}

/** The mail's text with folded header lines joined and quoted-printable soft breaks undone. */
export function textOf(mail: Mail): string {
  return mail.raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
}

/** The first link to a task in a mail. */
export function linkIn(mail: Mail): string | null {
  return /(https?:\/\/[^\s"<>]+\/borrowers\/tasks\/\d+)/.exec(textOf(mail))?.[1] ?? null;
}

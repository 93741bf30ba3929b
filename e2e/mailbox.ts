import { readFileSync, writeFileSync } from 'node:fs';
import { MAILBOX_FILE, REFUSE_FILE } from './global-setup';

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

/** From now on the test mail server refuses mail to these addresses (550), as a full mailbox would; [] accepts all again. */
export function refuseMailTo(addresses: string[]): void {
  writeFileSync(REFUSE_FILE, addresses.join('\n'));
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

/** A MIME part's headers and body: the text between its boundary line and the next. */
function parts(raw: string): { headers: string; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  let chunks = [raw];
  for (const b of boundaries) chunks = chunks.flatMap((c) => c.split(`--${b}`));
  return chunks.map((chunk) => {
    const at = chunk.search(/\r?\n\r?\n/);
    return at < 0 ? { headers: chunk, body: '' } : { headers: chunk.slice(0, at), body: chunk.slice(at).trim() };
  });
}

function decode(part: { headers: string; body: string }): Buffer {
  if (/Content-Transfer-Encoding:\s*base64/i.test(part.headers))
    return Buffer.from(part.body.replace(/\s/g, ''), 'base64');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(part.headers)) {
    const unfolded = part.body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < unfolded.length; i += 1) {
      const hex = unfolded[i] === '=' ? unfolded.slice(i + 1, i + 3) : '';
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(unfolded.charCodeAt(i));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(part.body, 'utf8');
}

/** The mail's HTML part, its inline images (cid:) turned into data URLs, to render as a mail program would. */
export function htmlOf(mail: Mail): string {
  const all = parts(mail.raw);
  const html = all.find((p) => /Content-Type:\s*text\/html/i.test(p.headers));
  if (!html) throw new Error('the mail has no HTML part');
  let text = decode(html).toString('utf8');
  for (const p of all) {
    const id = /Content-ID:\s*<([^>]+)>/i.exec(p.headers)?.[1];
    const type = /Content-Type:\s*([\w/+.-]+)/i.exec(p.headers)?.[1];
    if (id && type) text = text.split(`cid:${id}`).join(`data:${type};base64,${decode(p).toString('base64')}`);
  }
  return text;
}

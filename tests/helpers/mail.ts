import { SMTPServer } from 'smtp-server';

/** A raw mail (.eml) with quoted-printable undone (soft breaks, =XX bytes) and encoded words decoded. */
export function readableMail(raw: string): string {
  const joined = raw.replace(/\?=\s+=\?UTF-8\?Q\?/gi, '');
  const words = joined.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) => text.replace(/_/g, ' '));
  const unfolded = words.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i += 1) {
    const hex = unfolded[i] === '=' ? unfolded.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(unfolded.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface ReceivedMail {
  to: string;
  raw: string;
}

/**
 * A real mail server on a free local port that receives what the app sends, started in a beforeAll: what it accepts lands
 * in `inbox`, an address with "refuse" in it is refused (550); `delayMs` holds back each OK that long. `start` points SMTP_URL and APP_URL at
 * it; `stop`, for the afterAll, unsets SMTP_URL and closes it.
 */
export function mailCatcher(options: { delayMs?: number } = {}) {
  const inbox: ReceivedMail[] = [];
  let smtp: SMTPServer | undefined;
  return {
    inbox,
    async start() {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (address.address.includes('refuse')) return callback(new Error('550 mailbox unavailable'));
          callback();
        },
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => {
            raw += chunk.toString();
          });
          stream.on('end', () => {
            inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
            // With a delay, the sender waits for the server's OK after the mail has arrived: a window to kill it in.
            if (options.delayMs) setTimeout(() => callback(), options.delayMs);
            else callback();
          });
        },
      });
      const server = smtp;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
      process.env.APP_URL = 'http://receivables.test';
    },
    async stop() {
      delete process.env.SMTP_URL;
      const server = smtp;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

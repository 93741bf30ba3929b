import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { startOidcProvider } from './oidc-provider';

export const MAILBOX_FILE = `test-results/mailbox-${Number(process.env.E2E_PORT ?? 3100)}.jsonl`;
/** Addresses the mail server refuses (550), one a line: a spec writes it to see a delivery fail (e2e/mailbox.ts). */
export const REFUSE_FILE = `test-results/refuse-${Number(process.env.E2E_PORT ?? 3100)}.txt`;
// Beside the app's port, so that two suites on different ports never share a mailbox.
export const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;

/** A real SMTP server for the app under test; every mail it accepts is appended to a file. */
export default async function globalSetup() {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(MAILBOX_FILE, '');
  writeFileSync(REFUSE_FILE, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refused = existsSync(REFUSE_FILE) ? readFileSync(REFUSE_FILE, 'utf8').split('\n') : [];
      if (refused.includes(address.address)) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        appendFileSync(MAILBOX_FILE, `${JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), raw })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  // The company SSO test signs in through a local OpenID provider (the app is started with OIDC_* pointing at it).
  const stopOidc = await startOidcProvider(Number(process.env.E2E_PORT ?? 3100));
  return async () => {
    await stopOidc();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

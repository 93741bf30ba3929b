import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { startOidcProvider } from './oidc-provider';

export const MAILBOX_FILE = `test-results/mailbox-${Number(process.env.E2E_PORT ?? 3100)}.jsonl`;
// Beside the app's port, so that two suites on different ports never share a mailbox.
export const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;

/** A real SMTP server for the app under test; every mail it receives is appended to a file. */
export default async function globalSetup() {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(MAILBOX_FILE, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
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

import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

export const MAILBOX_FILE = 'test-results/mailbox.jsonl';
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);

/** A real SMTP server for the app under test; every mail it receives is appended to a file. */
export default async function globalSetup() {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(MAILBOX_FILE, '');
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
      stream.on('end', () => {
        appendFileSync(MAILBOX_FILE, `${JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), raw })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

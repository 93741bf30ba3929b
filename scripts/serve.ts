/**
 * The production server (`npm start`): Next serves the pages, the proxy and everything else as
 * `next start` would, and the API host (lib/server/api/node-host.ts) takes the API calls it can
 * answer straight from the call table first. Options as `next start`: -p/--port (or PORT, default
 * 3000), -H/--hostname (default every interface).
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

// Before any module reads it: the services check their answers against the schemas outside production.
Object.assign(process.env, { NODE_ENV: 'production' });
const { default: next } = await import('next');

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
// Not HOSTNAME from the environment: containers set it to their own name.
const hostname = values.hostname;

async function main() {
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  const pages = app.getRequestHandler();
  await app.prepare();
  // After Next's server has set up the AsyncLocalStorage that NextRequest and its helpers expect.
  const { createApiHost } = await import('@/lib/server/api/node-host');
  const api = createApiHost();
  const server = createServer((req, res) => {
    api(req, res)
      .then((taken) => (taken ? undefined : pages(req, res)))
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  server.listen(port, hostname, () => {
    console.log(`Ready on http://${hostname ?? 'localhost'}:${port} (pages by Next, API from the call table)`);
  });
  // As `next start`: a stop signal ends the process (background jobs hold their work in transactions).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

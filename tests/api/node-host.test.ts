import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, type CallContract } from '@/lib/contract/call';
import { DEMO_PASSWORD } from '@/lib/db/seed';
import { createApiHost, findRoute, pathTree } from '@/lib/server/api/node-host';
import { allCalls } from '@/lib/server/calls';
import type { ServedCall } from '@/lib/server/calls/serve';
import { z } from 'zod';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';

/**
 * The production server's API host (scripts/serve.ts): the same answers as the route files give
 * under Next, over a real socket, and every request it should not take left to Next untouched.
 */
const NEXT_MARK = 'answered by next';

let database: TestDatabase;
let server: Server;
let base: string;
let cookie: string;

beforeAll(async () => {
  database = await createSeededDatabase();
  cookie = (await signInAs(database, 'admin@vardhman.test')).cookie;
  const api = createApiHost();
  server = createServer((req, res) => {
    void api(req, res).then((taken) => {
      if (!taken) res.writeHead(299, { 'content-type': 'text/plain' }).end(NEXT_MARK);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database?.dispose();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { cookie, ...headers } });

describe('the API host', () => {
  it('answers a call as its route file does under Next', async () => {
    const path = '/api/v4/clients/receivables/current/summary';
    const viaHost = await get(path);
    const viaRoute = await callRoute(summaryRoute, path, { cookie });
    expect(viaHost.status).toBe(200);
    expect(await viaHost.json()).toEqual(viaRoute.json);
    expect(viaHost.headers.get('cache-control')).toBe('no-store');
    expect(viaHost.headers.get('x-frame-options')).toBe('DENY');
    expect(viaHost.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('pages a list with its total header, and gzips it only for a client that accepts it', async () => {
    const path = '/api/v4/invoices?count=20';
    const plain = await overSocket(path, {});
    const rows = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(rows).toHaveLength(20);
    expect(Number(plain.headers['x-totalrecords'])).toBeGreaterThan(20);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const zipped = await overSocket(path, { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(rows);
  });

  it('checks the session as the route does: no cookie is a 401 in JSON', async () => {
    const res = await fetch(`${base}/api/v4/clients/receivables/current/summary`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('unauthorized');
  });

  it('reads a JSON body, sets the session cookie and refuses bad bodies with their 4xx', async () => {
    const signIn = (body: string, type = 'application/json') =>
      fetch(`${base}/api/sign_in`, { method: 'POST', headers: { 'content-type': type }, body });
    const ok = await signIn(JSON.stringify({ email: 'admin@vardhman.test', password: DEMO_PASSWORD }));
    expect(ok.status).toBe(200);
    const session = ok.headers.getSetCookie().map((line) => line.split(';')[0]!);
    expect(session.some((pair) => pair.startsWith('rd_session='))).toBe(true);
    const after = await fetch(`${base}/api/v4/clients/receivables/current/summary`, {
      headers: { cookie: session.join('; ') },
    });
    expect(after.status).toBe(200);

    expect((await signIn('{not json')).status).toBe(400);
    expect((await signIn('email=a', 'text/plain')).status).toBe(415);
    expect((await signIn(JSON.stringify({ pad: 'x'.repeat(1_100_000) }))).status).toBe(413);
  });

  it('closes the connection after a call that left a body unread, so the next request does not wait behind it', async () => {
    const markAll = await fetch(`${base}/api/notifications/markallasread`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(512 * 1024) }),
    });
    expect(markAll.status).toBe(200);
    expect(markAll.headers.get('connection')).toBe('close');
    await markAll.arrayBuffer();
    expect((await get('/api/v4/clients/receivables/current/summary')).status).toBe(200);
  });

  it('sees the scheme a proxy in front forwarded, as Next does, for the origin check of a change', async () => {
    const host = new URL(base).host;
    const signIn = (headers: Record<string, string>) =>
      fetch(`${base}/api/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'admin@vardhman.test', password: DEMO_PASSWORD }),
      });
    expect((await signIn({ origin: `https://${host}`, 'x-forwarded-proto': 'https' })).status).toBe(200);
    expect((await signIn({ origin: `https://${host}` })).status).toBe(403);
    expect((await signIn({ origin: `http://${host}` })).status).toBe(200);
    expect((await signIn({ origin: 'https://elsewhere.example', 'x-forwarded-proto': 'https' })).status).toBe(403);
  });

  it('gives the whole request to a call that takes it: an upload reads its form, a redirect its URL', async () => {
    const form = new FormData();
    form.append('files', new File(['sys_obligor_code,name\n'], 'obligors.csv', { type: 'text/csv' }));
    form.append('skipBadRows', 'maybe');
    const upload = await fetch(`${base}/api/integrations/imports`, { method: 'POST', headers: { cookie }, body: form });
    // The answer about the form's second field: the multipart body was read whole through the host.
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { message: string }).message).toBe('skipBadRows is true or false');

    const expired = await fetch(`${base}/api/session_expired`, {
      headers: { cookie: 'rd_session=Fe26.2*not-a-seal' },
      redirect: 'manual',
    });
    expect(expired.status).toBe(307);
    // Built on the request's URL, which Next's URL reads with 127.0.0.1 named localhost.
    expect(expired.headers.get('location')).toBe(`http://localhost:${new URL(base).port}/`);
    // The cookie that opens no session is cleared, read from the Cookie header by the host.
    expect(expired.headers.getSetCookie().join()).toMatch(/rd_session=;/);
  });

  it('streams a file answer whole', async () => {
    const res = await get('/api/reports/download.xlsx?report=AGEING_BY_CUSTOMER');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it('leaves to Next what Next would redirect, decode, refuse or serve itself', async () => {
    const summary = '/api/v4/clients/receivables/current/summary';
    const leftToNext = [
      get(`${summary}/`), // Next redirects a trailing slash
      get('/api/v4/clients/receivables/current/summ%61ry'), // Next decodes (and the proxy checks) percent signs
      get('/api//v4/clients/receivables/current/summary'),
      fetch(`${base}${summary}`, { method: 'HEAD', headers: { cookie } }), // Next answers HEAD from GET
      fetch(`${base}${summary}`, { method: 'PUT', headers: { cookie } }), // Next's 405 for a method the file lacks
      fetch(`${base}${summary}`, { method: 'PATCH', headers: { cookie } }),
      get('/api/no/such/call'),
      get('/borrowers/dashboard'),
      get('/apix'),
    ];
    for (const res of await Promise.all(leftToNext)) {
      expect(res.status, res.url).toBe(299);
    }
  });
});

describe('the API host finds the route file of a path as Next does', () => {
  it('finds every call of the table at its own path and method', () => {
    const tree = pathTree();
    for (const served of allCalls()) {
      const segments = served.contract.path
        .split('/')
        .filter(Boolean)
        .map((s) => (s.startsWith('{') ? 'p0zz9' : s));
      const found = findRoute(tree, segments);
      expect(found?.handlers.get(served.contract.method)?.served, served.id).toBe(served);
    }
  });

  it('prefers a fixed segment to a parameter, and falls back to the parameter when the fixed branch ends', () => {
    const tree = pathTree([
      fake('GET', '/a/{x}/c'),
      fake('GET', '/a/b/d'),
      fake('GET', '/a/{x}'),
      fake('GET', '/a/b'),
      fake('POST', '/a/{x}/c'),
    ]);
    const idOf = (path: string) => findRoute(tree, path.split('/').filter(Boolean))?.handlers.get('GET')?.served.id;
    expect(idOf('/a/b')).toBe('GET /a/b');
    expect(idOf('/a/z')).toBe('GET /a/{x}');
    expect(idOf('/a/b/d')).toBe('GET /a/b/d');
    expect(idOf('/a/b/c')).toBe('GET /a/{x}/c');
    expect(findRoute(tree, ['a', 'b', 'c'])?.params).toEqual({ x: 'b' });
    expect(findRoute(tree, ['a', 'b', 'e'])).toBeNull();
    expect(findRoute(tree, ['a'])).toBeNull();
  });
});

/** The bytes as they came over the socket (fetch would inflate a gzipped body itself). */
function overSocket(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers: { cookie, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

function fake(method: CallContract['method'], path: string): ServedCall {
  const contract = call({ method, path, access: 'public', summary: path, answer: json(z.null()) });
  return { id: `${method} ${path}`, contract, run: async () => null } as unknown as ServedCall;
}

import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { createGzip, gzip } from 'node:zlib';
import { allCalls } from '@/lib/server/calls';
import type { ServedCall } from '@/lib/server/calls/serve';
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@/lib/server/http/security-headers';
import { reportError } from '@/lib/server/observability/report-error';
import { fromNodeRequest } from './api-request';
import { errorResponse } from './errors';
import { route, type RouteHandler } from './route';

/**
 * The API served straight from the call table by the production server (scripts/serve.ts), ahead
 * of Next's request handling: the same `route()` binding as `app/api/**\/route.ts`, without Next's
 * routing, proxy pass and response piping, which cost more of each cheap call than the call itself
 * (docs/benchmarks.md#throughput). A request it does not take answers `false` and goes to Next
 * unchanged: anything Next would redirect, refuse or decode (a trailing slash, a percent sign, a
 * method the path does not serve, HEAD or OPTIONS), so every edge answers as under `next start`.
 */
export type ApiHost = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

interface PathNode {
  fixed: Map<string, PathNode>;
  param?: { name: string; node: PathNode };
  /** The route file at this path: its handlers by method. */
  handlers?: Map<string, RouteHandler>;
}

const node = (): PathNode => ({ fixed: new Map() });

/** One node per path segment; `{name}` segments are parameters, as the route folders `[name]` are. */
export function pathTree(calls: readonly ServedCall[] = allCalls()): PathNode {
  const root = node();
  for (const served of calls) {
    let at = root;
    for (const segment of served.contract.path.split('/').filter(Boolean)) {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (name) {
        at.param ??= { name, node: node() };
        at = at.param.node;
      } else {
        let next = at.fixed.get(segment);
        if (!next) at.fixed.set(segment, (next = node()));
        at = next;
      }
    }
    (at.handlers ??= new Map()).set(served.contract.method, route(served));
  }
  return root;
}

interface FoundRoute {
  handlers: Map<string, RouteHandler>;
  params: Record<string, string>;
}

/**
 * The route file a path names, as Next picks it: a fixed segment before a parameter at each level,
 * trying the parameter when the fixed branch leads nowhere.
 */
export function findRoute(root: PathNode, segments: readonly string[]): FoundRoute | null {
  const walk = (at: PathNode, i: number, params: Record<string, string>): FoundRoute | null => {
    if (i === segments.length) return at.handlers ? { handlers: at.handlers, params } : null;
    const segment = segments[i]!;
    const fixed = at.fixed.get(segment);
    const found = fixed && walk(fixed, i + 1, params);
    if (found) return found;
    return at.param ? walk(at.param.node, i + 1, { ...params, [at.param.name]: segment }) : null;
  };
  return walk(root, 0, {});
}

const TAKEN_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const API_PREFIX = '/api/';
/** What Next's compression would gzip: JSON and text, from 1 KiB up (smaller answers gain nothing). */
const COMPRESSIBLE = /^(application\/json|text\/)/;
const COMPRESS_FROM_BYTES = 1024;
const gzipped = promisify(gzip);

export function createApiHost(calls?: readonly ServedCall[]): ApiHost {
  const root = pathTree(calls);
  return async (req, res) => {
    const target = req.url ?? '';
    const method = req.method ?? 'GET';
    if (!TAKEN_METHODS.has(method) || !target.startsWith(API_PREFIX)) return false;
    const queryAt = target.indexOf('?');
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    if (pathname.includes('%') || pathname.endsWith('/') || pathname.includes('//')) return false;
    const found = findRoute(root, pathname.slice(API_PREFIX.length).split('/'));
    const handler = found?.handlers.get(method);
    if (!found || !handler) return false;
    try {
      const response = await handler.serve(fromNodeRequest(req, target), found.params);
      // A body the call did not read (a POST that takes none) would stall the connection's next
      // request behind it: the connection closes after this answer instead.
      if (!req.complete) res.setHeader('connection', 'close');
      await send(req, res, response);
    } catch (error) {
      // route() answers every failure of a call itself; this is the socket or the stream failing.
      if (res.headersSent) {
        reportError(error, { where: 'api-host', method, path: pathname });
        res.destroy();
      } else {
        const answer = errorResponse(error);
        answer.headers.set('cache-control', 'no-store');
        await send(req, res, answer).catch(() => res.destroy());
      }
    }
    return true;
  };
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  const compress =
    COMPRESSIBLE.test(type) && !response.headers.has('content-encoding') && /\bgzip\b/.test(acceptEncoding(req));
  if (compress) res.setHeader('vary', 'Accept-Encoding');
  if (type.startsWith('application/json')) {
    // A JSON answer is already whole in memory: send it in one write.
    const bytes = Buffer.from(await response.arrayBuffer());
    if (compress && bytes.length >= COMPRESS_FROM_BYTES) {
      res.setHeader('content-encoding', 'gzip');
      res.end(await gzipped(bytes));
    } else res.end(bytes);
    return;
  }
  // A file streams as it is written, with the socket's back-pressure.
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  if (compress) {
    res.setHeader('content-encoding', 'gzip');
    await pipeline(body, createGzip(), res);
  } else await pipeline(body, res);
}

function acceptEncoding(req: IncomingMessage): string {
  const value = req.headers['accept-encoding'];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

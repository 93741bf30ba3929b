import 'server-only';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { NextRequest } from 'next/server';

/** A request's headers as the calls read them: Headers, Next's ReadonlyHeaders and Node's all give this. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * What `route()` reads of a request. A route file hands it a NextRequest; the production server's
 * API host builds it from Node's request directly, without the web Request, Headers, AbortSignal
 * and NextRequest that Next would build first (3% more summaries a second, docs/benchmarks.md#benchmarks).
 * The whole NextRequest is built only for the few calls that take it.
 */
export interface ApiRequest {
  readonly method: string;
  readonly url: Pick<URL, 'pathname' | 'searchParams' | 'host' | 'protocol'>;
  readonly headers: HeaderReader;
  cookie(name: string): string | undefined;
  /** The body as a stream (null for GET), read once by route() or by the call. */
  readonly body: ReadableStream<Uint8Array> | null;
  /** The request as a route file gets it: for an upload's multipart body, OIDC's cookies and redirects. */
  nextRequest(): NextRequest;
}

export function fromNextRequest(req: NextRequest): ApiRequest {
  return {
    method: req.method,
    url: req.nextUrl,
    headers: req.headers,
    cookie: (name) => req.cookies.get(name)?.value,
    get body() {
      return req.body;
    },
    nextRequest: () => req,
  };
}

/** `target` is the request line's path and query, as Node gives it in `req.url`. */
export function fromNodeRequest(req: IncomingMessage, target: string): ApiRequest {
  // The scheme as Next sets it on a request's URL: https when a proxy in front forwarded it.
  const scheme = headerValue(req, 'x-forwarded-proto')?.includes('https') ? 'https' : 'http';
  const url = new URL(target, `${scheme}://${req.headers.host ?? 'localhost'}`);
  const method = req.method ?? 'GET';
  // The body stays a stream: route() and the upload calls read it with their own size caps.
  let body: ReadableStream<Uint8Array> | null | undefined;
  const stream = () => (body ??= method === 'GET' ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>));
  let cookies: Map<string, string> | undefined;
  let whole: NextRequest | undefined;
  return {
    method,
    url,
    headers: { get: (name) => headerValue(req, name) },
    cookie: (name) => (cookies ??= parseCookies(req.headers.cookie ?? '')).get(name),
    get body() {
      return stream();
    },
    nextRequest: () => (whole ??= nextRequestOf(req, url, method, stream())),
  };
}

/** As Headers.get: repeated headers joined with ", " (Node joins most already, and cookies with "; "). */
function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** As Next's request cookies read a Cookie header: the last of a repeated name wins, values URI-decoded. */
function parseCookies(header: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of header.split(/; */)) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    if (at === -1) {
      map.set(pair, 'true');
      continue;
    }
    try {
      map.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    } catch {
      /* a value that is not URI-encoded text is left out, as Next does */
    }
  }
  return map;
}

function nextRequestOf(
  req: IncomingMessage,
  url: URL,
  method: string,
  body: ReadableStream<Uint8Array> | null,
): NextRequest {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  if (body === null) return new NextRequest(url, { method, headers });
  const init = { method, headers, body, duplex: 'half' as const };
  return new NextRequest(url, init);
}

import { NextRequest } from 'next/server';

type RouteHandler = (
  req: NextRequest,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

/** Calls a route handler and keeps its answer's bytes (a PDF, a workbook). */
export async function callRouteRaw(
  handler: RouteHandler,
  path: string,
  options: { query?: Record<string, string | undefined>; cookie?: string } = {},
) {
  const url = new URL(path, 'http://localhost:3000');
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) url.searchParams.set(key, value);
  const headers = new Headers();
  if (options.cookie) headers.set('cookie', options.cookie);
  const response = await handler(new NextRequest(url, { headers }), { params: Promise.resolve({}) });
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}

import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/http-limits.mjs, loaded ahead of `next start` by `npm run serve`: a client that sends its
 * headers a line at a time, slower than the headers limit, is answered 408 and cut instead of holding
 * the socket; one that sends them at once is served.
 */
let server: http.Server;
let port: number;

beforeAll(async () => {
  process.env.HTTP_HEADERS_TIMEOUT_MS = '1000';
  // @ts-expect-error a plain JavaScript module without types
  await import('../../scripts/http-limits.mjs');
  delete process.env.HTTP_HEADERS_TIMEOUT_MS;
  server = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `lines` one every `everyMs`, and answers what the server wrote and whether it closed the socket before the last line. */
function trickle(lines: string[], everyMs: number): Promise<{ answer: string; cutEarly: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const timer = setInterval(() => {
      if (sent < lines.length && !socket.destroyed) socket.write(lines[sent++]!);
      if (sent >= lines.length) clearInterval(timer);
    }, everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, cutEarly: sent < lines.length });
    });
    socket.on('error', () => undefined);
  });
}

describe('the HTTP time limits of npm run serve', () => {
  it('cuts a client trickling its headers past the limit with 408', async () => {
    const lines = ['GET / HTTP/1.1\r\n', ...Array.from({ length: 20 }, (_, i) => `X-Slow-${i}: 1\r\n`), '\r\n'];
    const { answer, cutEarly } = await trickle(lines, 250);
    expect(cutEarly).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('serves a client that sends its headers in time', async () => {
    const { answer } = await trickle(['GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], 10);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  }, 10_000);
});

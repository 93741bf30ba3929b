// Loaded ahead of `next start` (node --import, see package.json): the time limits Node's HTTP server
// takes only when it is created, which `next start` cannot be given. A client that sends its headers
// slower than HEADERS_MS, or a whole request (headers and body) slower than REQUEST_MS, is cut: a
// connection trickling one header line every few seconds cannot hold a socket for minutes.
// Plain JavaScript so that it runs without any build step or dev dependency.
import http from 'node:http';

const positive = (name, fallback) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const HEADERS_MS = positive('HTTP_HEADERS_TIMEOUT_MS', 10_000);
// The largest upload (50 MB) at 0.5 MB/s takes 100 s; slower than that is cut.
const REQUEST_MS = positive('HTTP_REQUEST_TIMEOUT_MS', 120_000);

const createServer = http.createServer;
http.createServer = function createServerWithLimits(options, listener) {
  if (typeof options === 'function') [options, listener] = [{}, options];
  return createServer.call(
    this,
    // Checked every second, so a slow client is cut within a second of its limit.
    { headersTimeout: HEADERS_MS, requestTimeout: REQUEST_MS, connectionsCheckingInterval: 1_000, ...options },
    listener,
  );
};

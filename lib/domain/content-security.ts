/**
 * The pages' Content-Security-Policy: scripts only from our origin or carrying this request's
 * nonce (Next adds it to its own inline scripts when it sees the policy on the request), so an
 * injected inline script never runs. Styles keep 'unsafe-inline': the charts (nivo) and Headless UI
 * set style attributes, which a nonce cannot cover. Development adds what its tooling needs.
 */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

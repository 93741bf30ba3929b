/**
 * Spec section 4: product analytics run everywhere except on localhost and demo hosts, so that
 * development and sales demos do not pollute real usage figures. A demo host has "demo" as a
 * label or label part (demo.example.com, receivables-demo.example.com).
 */
export function analyticsAllowedOn(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    host === '0.0.0.0'
  )
    return false;
  return !host.split('.').some((label) => /(^|-)demo(-|$)/.test(label));
}

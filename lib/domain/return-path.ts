/**
 * Where a sign-in may send the user afterwards: a path of this app only. The path is read the way
 * a browser reads a URL (tabs and newlines dropped, backslashes as slashes, `..` resolved), so
 * `/\t/evil.test` or `/\\evil.test` cannot become `//evil.test`, another host. Answers the
 * normalised path with its query and hash, or null when it would leave the app.
 */
export function sameOriginPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/')) return null;
  const base = 'https://app.invalid';
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  // A path that still starts with two slashes would be read as a host on its next use.
  return normalised.startsWith('//') || normalised.startsWith('/\\') ? null : normalised;
}

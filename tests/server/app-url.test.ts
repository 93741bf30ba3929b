import { describe, expect, it } from 'vitest';
import { appBaseUrl, appUrl, appUrlWarning } from '@/lib/server/config/app-url';

describe('the base of links in mails', () => {
  it('is APP_URL when set, whatever port the server listens on', () => {
    const env = { APP_URL: 'https://receivables.example.com/', PORT: '3400' };
    expect(appBaseUrl(env)).toBe('https://receivables.example.com');
    expect(appUrl('/borrowers/tasks/7', env)).toBe('https://receivables.example.com/borrowers/tasks/7');
    expect(appUrlWarning(env)).toBeNull();
  });

  it('unset, is this server on its own PORT (not 3000 when it listens elsewhere), with a warning', () => {
    expect(appUrl('/reset_password?token=t', { PORT: '3400' })).toBe('http://localhost:3400/reset_password?token=t');
    expect(appBaseUrl({})).toBe('http://localhost:3000');
    expect(appUrlWarning({ PORT: '3400' })).toMatch(
      /^APP_URL is not set: links in mails .* use http:\/\/localhost:3400, which works only on this machine/,
    );
  });

  it('says so when APP_URL is not a URL', () => {
    const env = { APP_URL: 'receivables.example.com' };
    expect(appBaseUrl(env)).toBe('http://localhost:3000');
    expect(appUrlWarning(env)).toMatch(/^APP_URL "receivables.example.com" is not a URL/);
  });
});

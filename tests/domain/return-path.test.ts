import { afterEach, describe, expect, it } from 'vitest';
import { saveReturnPath, takeReturnPath } from '@/lib/client/redirect-after-sign-in';
import { sameOriginPath } from '@/lib/domain/return-path';

/** A document whose cookie keeps the last assignment, enough for the one cookie these functions use. */
function stubDocument() {
  const jar = { value: '' };
  Object.defineProperty(globalThis, 'document', {
    configurable: true,
    value: {
      get cookie() {
        return jar.value.split(';')[0]!.endsWith('=') ? '' : jar.value.split(';')[0]!;
      },
      set cookie(v: string) {
        jar.value = v;
      },
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

describe('the page to return to after signing in again', () => {
  it('is the page whose call found the session gone, taken once', () => {
    stubDocument();
    saveReturnPath('/borrowers/tasks?status=OPEN');
    saveReturnPath('/borrowers/receivables'); // the first 401 wins
    expect(takeReturnPath()).toBe('/borrowers/tasks?status=OPEN');
    expect(takeReturnPath()).toBeNull();
  });

  it('is never the "no access" page: whoever signs in next lands at their home', () => {
    stubDocument();
    saveReturnPath('/borrowers/errors/unauthorized');
    expect(takeReturnPath()).toBeNull();
  });
});

describe('the path a sign-in may send the user to', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(sameOriginPath('/borrowers/tasks/12?status=OPEN#history')).toBe('/borrowers/tasks/12?status=OPEN#history');
    expect(sameOriginPath('/borrowers/../borrowers/tasks')).toBe('/borrowers/tasks');
  });

  it('refuses every spelling a browser would read as another host', () => {
    for (const path of [
      '//evil.test',
      '/\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      '/\r/evil.test',
      '/%09/evil.test'.replace('%09', '\t'),
      '\\\\evil.test',
      'https://evil.test/',
      'javascript:alert(1)',
      ' /evil',
      '',
      null,
      undefined,
    ]) {
      expect(sameOriginPath(path), JSON.stringify(path)).toBeNull();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { saveReturnPath, takeReturnPath } from '@/lib/client/redirect-after-sign-in';

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

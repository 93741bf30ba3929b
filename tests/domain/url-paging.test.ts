import { describe, expect, it } from 'vitest';
import { hrefWithPage } from '@/lib/client/url-state';

describe('links to a page of one of several lists', () => {
  it("keeps the other list's page and the filters", () => {
    const params = { fromDate: '2024-01-01', offset: '3' };
    expect(hrefWithPage('/customerportal/P1', params, 'itemsOffset', 2)).toBe(
      '/customerportal/P1?fromDate=2024-01-01&offset=3&itemsOffset=2',
    );
    expect(hrefWithPage('/customerportal/P1', { ...params, itemsOffset: '2' }, 'itemsOffset', 1)).toBe(
      '/customerportal/P1?fromDate=2024-01-01&offset=3',
    );
  });

  it('pages the main list as before (page 1 leaves the URL clean)', () => {
    expect(hrefWithPage('/x', { itemsOffset: '2', offset: '4' }, 'offset', 5)).toBe('/x?itemsOffset=2&offset=5');
    expect(hrefWithPage('/x', { offset: '4' }, 'offset', 1)).toBe('/x');
  });
});

'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTransition } from 'react';
import { flattenParams, hrefWith, type ParamChanges } from '@/lib/client/url-state';

/**
 * The URL as the state of a view, for client islands. Each change is a navigation inside a
 * transition: the router drops the result of an older navigation when a newer one starts, so the
 * latest choice wins (spec section 4), and `pending` lets the island show that figures are coming.
 */
export function useUrlState() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();

  function update(changes: ParamChanges, { replace = false } = {}) {
    const href = hrefWith(pathname, searchParams, changes);
    startTransition(() => (replace ? router.replace(href, { scroll: false }) : router.push(href, { scroll: false })));
  }

  return { params: flattenParams(searchParams), update, pending, pathname };
}

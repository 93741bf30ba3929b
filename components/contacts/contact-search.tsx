'use client';

import { UrlSearchBox } from '@/components/ui/url-search-box';

/** Search contacts by name, email, phone or customer (?search=), from 3 characters. */
export function ContactSearch() {
  return (
    <UrlSearchBox
      param="search"
      id="contact-search"
      label="Search"
      placeholder="Name, email, phone or customer"
      className="w-full max-w-md"
    />
  );
}

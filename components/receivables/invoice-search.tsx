'use client';

import { UrlSearchBox } from '@/components/ui/url-search-box';

/** Search by invoice number (?invoiceNum=), from 3 characters. */
export function InvoiceSearch() {
  return (
    <UrlSearchBox param="invoiceNum" id="invoice-search" label="Invoice number" placeholder="e.g. INV/2025-26/000938" />
  );
}

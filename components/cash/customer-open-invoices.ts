'use client';

import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { receivablesCalls, type TOpenInvoiceRow } from '@/lib/contract/receivables';

/** More than a customer pays with one transfer; the rest is reached by typing the number. */
const SHOWN = 200;

/**
 * The chosen customer's open invoices, oldest due first, for the split dialog's choices: each by
 * its printed number, due date and what is open. Null while loading; empty when the customer has
 * none or they cannot be read (the dialog then takes the number typed).
 */
export function useCustomerOpenInvoices(sysObligorCode: string): TOpenInvoiceRow[] | null {
  const [rows, setRows] = useState<TOpenInvoiceRow[] | null>(null);
  useEffect(() => {
    let current = true;
    setRows(null);
    if (!sysObligorCode) {
      setRows([]);
      return;
    }
    callApi(receivablesCalls.openInvoices, {
      query: { sysObligorCode, count: SHOWN, sortBy: 'dueDate', order: 'ASC' },
    })
      .then((answer) => {
        if (current) setRows(answer.rows.filter((r) => r.docType === 'INVOICE'));
      })
      .catch((error: unknown) => {
        console.error('open invoices failed', error);
        if (current) setRows([]);
      });
    return () => {
      current = false;
    };
  }, [sysObligorCode]);
  return rows;
}

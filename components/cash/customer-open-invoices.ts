'use client';

import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { receivablesCalls, type TOpenInvoiceRow } from '@/lib/contract/receivables';

/** More than a customer pays with one transfer; the rest is reached by typing the number. */
const SHOWN = 200;

/**
 * The open invoices of the chosen customer's family (its parent and every account of it: a payer
 * may pay a sister account's bills), oldest due first, for the split dialog's choices: each by its
 * printed number, account, due date and what is open. Null while loading; empty when the family
 * has none or they cannot be read (the dialog then takes the number typed).
 */
export function useFamilyOpenInvoices(familyCode: string): TOpenInvoiceRow[] | null {
  const [rows, setRows] = useState<TOpenInvoiceRow[] | null>(null);
  useEffect(() => {
    let current = true;
    setRows(null);
    if (!familyCode) {
      setRows([]);
      return;
    }
    callApi(receivablesCalls.openInvoices, {
      query: { parentSysObligorCode: familyCode, count: SHOWN, sortBy: 'dueDate', order: 'ASC' },
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
  }, [familyCode]);
  return rows;
}

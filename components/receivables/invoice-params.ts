/** The URL parameters of the open-invoice list (names from the API contract). */
export const INVOICE_LIST_KEYS = [
  'parentSysObligorCode',
  'sysObligorCode',
  'date',
  'invoiceNum',
  'docType',
  'ageingFilter',
  'dim1Id',
  'inDispute',
  'sortBy',
  'order',
  'offset',
  'count',
] as const;

export const DEFAULT_INVOICE_SORT = { sortBy: 'daysPastDue', order: 'DESC' } as const;

import type { SortOrder } from '@/lib/client/url-state';
import type { TCreditLimitRow } from '@/lib/contract/credit-limits';
import { SortableHeader } from '@/components/receivables/sortable-header';
import { Th } from '@/components/ui/data-table';
import type { MoneyFormat } from '@/components/ui/money';

/** What both credit-limit tables (families, accounts) are given. */
export interface CreditLimitTableProps {
  rows: TCreditLimitRow[];
  money: MoneyFormat;
  sort: { sortBy: string; order: SortOrder };
  pathname: string;
  params: Record<string, string>;
  dim1Name: string;
  /** Whether the customer pages open for this user (`mayOpen`); otherwise names are plain text. */
  canOpenCustomers: boolean;
}

/** The header row both tables share: sortable figures, the status, and a last column of their own. */
export function CreditLimitHeader({
  nameLabel,
  lastLabel,
  sort,
  pathname,
  params,
  dim1Name,
}: Omit<CreditLimitTableProps, 'rows' | 'money' | 'canOpenCustomers'> & { nameLabel: string; lastLabel: string }) {
  const header = { active: sort, pathname, params };
  return (
    <thead>
      <tr>
        <SortableHeader column="name" label={nameLabel} firstOrder="ASC" {...header} />
        <Th>{dim1Name}</Th>
        <SortableHeader column="creditLimit" label="Credit limit" numeric {...header} />
        <SortableHeader column="exposure" label="Exposure" numeric {...header} />
        <SortableHeader column="available" label="Available" numeric firstOrder="ASC" {...header} />
        <SortableHeader column="utilisation" label="Utilisation" numeric {...header} />
        <Th center>Status</Th>
        <Th numeric>{lastLabel}</Th>
      </tr>
    </thead>
  );
}

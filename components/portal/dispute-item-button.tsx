'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { TOpenItem } from '@/lib/contract/portal';
import { OpenDisputeDialog } from '@/components/obligors/dispute-dialogs';
import { useToast } from '@/components/feedback/toast';

/**
 * The portal's "Dispute" action on one open bill: the same POST /disputes as a collector's, which
 * checks that the bill is an open debt of a customer the user may see.
 */
export function DisputeItemButton({ item }: { item: TOpenItem }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50"
        data-testid="dispute-item"
      >
        Dispute
      </button>
      <OpenDisputeDialog
        open={open}
        obligor={{ sysObligorCode: item.sysObligorCode, name: `Invoice ${item.invoiceNum}` }}
        invoices={[{ sysInvoiceNum: item.sysInvoiceNum, invoiceNum: item.invoiceNum, outstanding: item.outstanding }]}
        onClose={() => setOpen(false)}
        onOpened={() => {
          setOpen(false);
          toast('Dispute raised: your supplier will look into it.');
          router.refresh();
        }}
      />
    </>
  );
}

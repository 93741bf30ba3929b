import Link from 'next/link';
import { Suspense } from 'react';
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb';
import { pageGate } from '@/lib/backend/page-gate';

const RECEIVABLES = '/borrowers/receivables';

/** The customer of the URL's sysObligorCode: its name and its parent's code and name. */
async function customerOf(code: string): Promise<{ name: string; parent: string | null; parentName: string | null }> {
  try {
    const { backend } = await pageGate();
    const customer = await backend.customers.obligor({ params: { code } });
    return { name: customer.name, parent: customer.parentSysObligorCode, parentName: customer.parentName };
  } catch {
    // Only a label is lost; the list below reports the failure itself.
    return { name: code, parent: null, parentName: null };
  }
}

async function ScopeCrumbs({ code, parent }: { code?: string; parent?: string }) {
  const customer = code ? await customerOf(code) : null;
  const family = parent ?? (customer?.parent && customer.parent !== code ? customer.parent : null);
  const crumbs: Crumb[] = [{ label: 'Receivables', href: RECEIVABLES }];
  if (family)
    crumbs.push({
      label: customer?.parentName ?? `Parent ${family}`,
      href: `${RECEIVABLES}?parentSysObligorCode=${encodeURIComponent(family)}`,
    });
  crumbs.push({ label: customer ? customer.name : 'Open invoices' });
  return <Breadcrumb crumbs={crumbs} />;
}

/** Receivables / parent / customer: the way back up the drill-down that led here. */
export function InvoiceScopeBreadcrumb({ params }: { params: Record<string, string> }) {
  const fallback = <Breadcrumb crumbs={[{ label: 'Receivables', href: RECEIVABLES }, { label: 'Open invoices' }]} />;
  return (
    <Suspense fallback={fallback}>
      <ScopeCrumbs code={params.sysObligorCode} parent={params.parentSysObligorCode} />
    </Suspense>
  );
}

async function ScopeName({ code, parent }: { code?: string; parent?: string }) {
  if (code) {
    const customer = await customerOf(code);
    return (
      <>
        of <span data-testid="invoice-scope">{customer.name}</span>{' '}
        <span className="font-normal text-slate-400">({code})</span>
      </>
    );
  }
  return (
    <>
      of the customers of parent <span data-testid="invoice-scope">{parent}</span>
    </>
  );
}

/** 'Open invoices of Sagar Agencies (C01861)', with a way to widen the list to every customer. */
export function InvoiceScopeTitle({ params }: { params: Record<string, string> }) {
  const { sysObligorCode: code, parentSysObligorCode: parent } = params;
  if (!code && !parent) return <>Open invoices</>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span>
        Open invoices{' '}
        <Suspense fallback={null}>
          <ScopeName code={code} parent={parent} />
        </Suspense>
      </span>
      <Link href="/borrowers/invoices" className="text-xs font-medium text-brand-700 hover:underline">
        Show all customers
      </Link>
    </span>
  );
}

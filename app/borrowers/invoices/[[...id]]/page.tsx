import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import type { TInvoiceDetail } from '@/lib/contract/receivables';
import { ZInvoicesQuery } from '@/lib/contract/receivables';
import { isInvalidOrMissing } from '@/lib/backend/page-errors';
import { API_ACCESS } from '@/lib/contract/access';
import { satisfies } from '@/lib/domain/access';
import { WarningBox } from '@/components/feedback/warning-box';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { formatDay } from '@/components/ui/day';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { InvoiceDetail } from '@/components/receivables/invoice-detail';
import { InvoiceFilterBar } from '@/components/receivables/invoice-filter-bar';
import { InvoiceList } from '@/components/receivables/invoice-list';
import { InvoiceScopeBreadcrumb, InvoiceScopeTitle } from '@/components/receivables/invoice-scope';
import { PageHeader } from '@/components/ui/page-header';
import { PageUpdated } from '@/components/receivables/page-updated';
import { Section } from '@/components/ui/section';
import { TableSkeleton } from '@/components/ui/skeletons';
import { WriteOffButton } from '@/components/write-offs/write-off-button';

export const metadata = { title: 'Invoices | Client receivables dashboard' };

const PATH = '/borrowers/invoices';

export default async function InvoicesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  if (id && id.length > 1) notFound();
  const query = flattenParams(await searchParams);
  if (id?.[0]) return <InvoicePage sysInvoiceNum={decodeURIComponent(id[0])} date={query.date} />;
  return <OpenInvoicesPage params={query} />;
}

/**
 * The open-invoice list: search, filters, sort and page all in the URL. Its section is not keyed by
 * those parameters: a search, filter, sort or page change is a navigation in a transition, and an
 * unkeyed boundary keeps the rows shown until the new ones replace them, where a key would mount a
 * new boundary and flash the skeleton between the two.
 */
function OpenInvoicesPage({ params }: { params: Record<string, string> }) {
  const problem = checkLink(ZInvoicesQuery, params);
  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Invoices"
        description="Every invoice, credit note and debit note still open today, with what is owed on it and how late it is. Open one to see its payments."
        breadcrumb={<InvoiceScopeBreadcrumb params={params} />}
      />
      <PageUpdated kind="integration" />
      <Suspense fallback={<div className="h-[86px] animate-pulse rounded-xl border border-slate-200 bg-white" />}>
        <InvoiceFilterBar />
      </Suspense>
      {problem ? (
        <InvalidLink message={problem} resetHref={PATH} />
      ) : (
        <Section
          title={<InvoiceScopeTitle params={params} />}
          description="Sorted by days past due unless you choose another column"
          skeleton={<TableSkeleton rows={10} columns={8} />}
          flush
          testId="invoices-section"
        >
          <InvoiceList params={params} pathname={PATH} />
        </Section>
      )}
    </div>
  );
}

/**
 * One invoice, as of today or of the link's `date` (its status and expected payment as known then).
 * It is loaded before anything streams so that an unknown number answers a real 404 (spec section 8:
 * not found or failed validation); any other failure shows the warning box.
 */
async function InvoicePage({ sysInvoiceNum, date }: { sysInvoiceNum: string; date: string | undefined }) {
  const { backend, clientSettings, session } = await pageGate();
  let invoice: TInvoiceDetail | null = null;
  let failed = false;
  try {
    invoice = await backend.receivables.invoice({ query: { sysInvoiceNum, ...(date ? { date } : {}) } });
  } catch (error) {
    if (isInvalidOrMissing(error)) notFound();
    console.error(error);
    failed = true;
  }
  const settings = invoice ? await clientSettings().catch(() => null) : null;
  // An open debt's expected payment, from its account's predictions; the page shows without it on failure.
  const expected =
    invoice && invoice.amount > 0 && invoice.outstanding > 0
      ? await backend.forecast
          .paymentPredictions({ query: { sysObligorCode: invoice.sysObligorCode, date: invoice.date } })
          .then((p) => p.predictions.find((x) => x.sysInvoiceNum === invoice.sysInvoiceNum))
          .catch((error: unknown) => {
            console.error(error);
            return undefined;
          })
      : undefined;
  const invoiceNum = invoice ? invoice.invoiceNum : sysInvoiceNum;
  // Written off as of today only (a link to a past date shows the past), by a holder of WRITE_OFF.
  const writable =
    invoice &&
    settings &&
    !date &&
    (invoice.docType === 'INVOICE' || invoice.docType === 'DEBIT_NOTE') &&
    invoice.outstanding > 0 &&
    satisfies(session, API_ACCESS.writeOff);
  return (
    <div className="mx-auto max-w-[1400px]">
      <PageHeader
        title={`${invoice?.docType === 'CREDIT_NOTE' ? 'Credit note' : invoice?.docType === 'WRITE_OFF' ? 'Write-off' : invoice?.docType === 'DEBIT_NOTE' ? 'Debit note' : 'Invoice'} ${invoiceNum}`}
        description={
          invoice && settings
            ? `Ageing as of ${formatDay(invoice.date)}: what was invoiced, what has been paid and what is still owed.`
            : 'The invoice could not be loaded.'
        }
        breadcrumb={<Breadcrumb crumbs={[{ label: 'Invoices', href: PATH }, { label: invoiceNum }]} />}
        actions={
          writable && invoice && settings ? (
            <WriteOffButton
              invoice={{
                sysInvoiceNum: invoice.sysInvoiceNum,
                invoiceNum: invoice.invoiceNum,
                customer: invoice.obligorName,
                outstanding: invoice.outstanding,
              }}
              money={{ currency: settings.currency, locale: settings.locale }}
            />
          ) : undefined
        }
      />
      {failed || !invoice || !settings ? (
        <WarningBox kind="error" />
      ) : (
        <InvoiceDetail invoice={invoice} settings={settings} {...(expected ? { expected } : {})} />
      )}
    </div>
  );
}

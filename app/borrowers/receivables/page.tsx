import { Suspense } from 'react';
import { flattenParams, hrefWith, paramsKey, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { parseBasis } from '@/components/receivables/bucket-columns';
import { Dim1Overview } from '@/components/receivables/dim1-overview';
import { checkAsOfDate, checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { PageHeader } from '@/components/ui/page-header';
import { PageUpdated } from '@/components/receivables/page-updated';
import { ReceivablesFilterBar } from '@/components/receivables/receivables-filter-bar';
import { ReceivablesList } from '@/components/receivables/receivables-list';
import { LIST_KEYS, OBLIGOR_FILTER_KEYS, ZReceivablesPageParams } from '@/components/receivables/receivables-params';
import { Section } from '@/components/ui/section';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';

export const metadata = { title: 'Receivables | Client receivables dashboard' };

const PATH = '/borrowers/receivables';

/**
 * Receivables by ageing bucket for each parent customer, with the overview by dim1 and the
 * drill-down parent → customers of the family → a customer's open invoices. The URL holds the view.
 */
export default async function ReceivablesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { clientSettings } = await pageGate();
  const settings = await clientSettings().catch(() => null);
  const problem = checkLink(ZReceivablesPageParams, params) ?? checkAsOfDate(params.date, settings);
  const dim1Name = settings?.dimensionNames.dim1 ?? 'dimension 1';
  const family = params.parentSysObligorCode;
  const familyName = family ? await familyLabel(family) : null;
  const basis = parseBasis(params.basis);
  const overviewInputs = OBLIGOR_FILTER_KEYS.filter((key) => key !== 'dim1Id');

  return (
    <div className="mx-auto max-w-[1400px] space-y-6">
      <PageHeader
        title="Receivables"
        description={
          family
            ? 'The customers of one parent customer, by ageing bucket. Open a customer to see its open invoices.'
            : 'What each parent customer owes, by ageing bucket. Sort by any column; open a parent to see the customers of its family.'
        }
        breadcrumb={
          family && (
            <Breadcrumb
              crumbs={[
                { label: 'All parent customers', href: hrefWith(PATH, params, { parentSysObligorCode: null }) },
                { label: familyName ?? family },
              ]}
            />
          )
        }
      />
      <PageUpdated kind="integration" />
      <Suspense fallback={<div className="h-[74px] animate-pulse rounded-xl border border-slate-200 bg-white" />}>
        <ReceivablesFilterBar />
      </Suspense>
      {problem ? (
        <InvalidLink message={problem} resetHref={PATH} />
      ) : (
        <>
          {!family && (
            <Section
              title={`Overview by ${dim1Name}`}
              description={`Outstanding and overdue per ${dim1Name.toLowerCase()}; click one to filter the list`}
              skeleton={<LinesSkeleton lines={5} />}
              inputs={paramsKey(params, overviewInputs)}
              testId="dim1-section"
            >
              <Dim1Overview params={params} pathname={PATH} />
            </Section>
          )}
          <Section
            title={family ? `Customers of parent ${family}` : 'Receivables by parent customer'}
            description={
              basis === 'INVOICE_DATE'
                ? 'Ageing by days since the invoice date'
                : 'Ageing by days past the due date (Credit Date)'
            }
            skeleton={<TableSkeleton rows={10} columns={9} />}
            inputs={paramsKey(params, [...LIST_KEYS, 'basis'])}
            flush
            testId="receivables-section"
          >
            <ReceivablesList params={params} pathname={PATH} basis={basis} />
          </Section>
        </>
      )}
    </div>
  );
}

/** The parent customer's name for the breadcrumb; its code when it cannot be read. */
async function familyLabel(code: string): Promise<string> {
  try {
    const { backend } = await pageGate();
    return (await backend.customers.obligor({ params: { code } })).name;
  } catch {
    return `Parent ${code}`;
  }
}

import { notFound } from 'next/navigation';
import { pageGate } from '@/lib/backend/page-gate';
import { isInvalidOrMissing } from '@/lib/backend/page-errors';
import { satisfies } from '@/lib/domain/access';
import { mayOpen } from '@/lib/domain/route-permissions';
import { isScoped, obligorScope } from '@/lib/domain/obligor-scope';
import { API_ACCESS } from '@/lib/contract/access';
import type { TObligorInfo } from '@/lib/contract/obligors';
import { PageUpdated } from '@/components/receivables/page-updated';
import { WarningBox } from '@/components/feedback/warning-box';
import { AsOfDate } from '@/components/ui/as-of-date';
import { formatDay } from '@/components/ui/day';
import { checkAsOfDate } from '@/components/ui/invalid-link';
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';
import { CommunicationsSection } from '../communications-section';
import { ContactsSection } from '../contacts-section';
import { CustomerUsersSection } from '../customer-users-section';
import { RemittancesSection } from '@/components/portal/remittances-section';
import { DisputesSection } from '../disputes-section';
import { DsoSection } from '../dso-section';
import { PromisesSection } from '../promises-section';
import { ChequesSection } from '../cheques-section';
import { MsmeInterestSection } from '../msme-interest-section';
import { CreditLimitHistory } from './credit-limit-history';
import { FamilyObligors } from './family-obligors';
import { ObligorFigures } from './obligor-figures';
import { ObligorInfoCard } from './obligor-info-card';
import { ObligorInvoices } from './obligor-invoices';
import { ObligorTasks } from './obligor-tasks';
import { PaymentBehaviourSection } from './payment-behaviour';
import { RatingHistory } from './rating-history';

/** The customer's info, or the 404 page when it does not exist or lies outside the user's scope. */
export async function loadObligorInfo(code: string): Promise<TObligorInfo> {
  const { backend } = await pageGate();
  try {
    return await backend.customers.obligorInfo({ query: { sysObligorCode: code } });
  } catch (error) {
    if (isInvalidOrMissing(error)) notFound();
    throw error;
  }
}

/**
 * One customer's page: a parent with its family (`/borrowers/obligors/{id}`) or one account of a
 * family (`/borrowers/obligors/child/{id}`). Each section loads on its own.
 */
export async function ObligorDetail({
  info,
  params,
  pathname,
}: {
  info: TObligorInfo;
  params: Record<string, string>;
  pathname: string;
}) {
  const { session, backend, clientSettings } = await pageGate();
  const settings = await clientSettings();
  const code = info.sysObligorCode;
  const isParent = info.isParent;
  const crumbs: Crumb[] = [{ label: 'Customer Analysis', href: '/borrowers/obligors' }];
  if (!isParent)
    crumbs.push({
      label: info.parentName ?? info.parentSysObligorCode,
      href: `/borrowers/obligors/${encodeURIComponent(info.parentSysObligorCode)}`,
    });
  crumbs.push({ label: info.name });
  const codes = isParent ? { parentSysObligorCode: code } : { sysObligorCode: code };
  // The page's As-of date: its open invoices, their expected payments and the payment behaviour as
  // known that day (today without one).
  const dateProblem = checkAsOfDate(params.date, settings);
  const date = params.date && !dateProblem ? params.date : undefined;
  const family = isParent
    ? (await backend.customers.parentObligors({ query: { parentSysObligorCode: code } }).catch(() => null))?.rows[0]
    : undefined;
  return (
    <div className="mx-auto max-w-[1400px] space-y-6" data-testid="obligor-detail" data-code={code}>
      <PageHeader
        title={info.name}
        description={
          isParent
            ? isScoped(obligorScope(session))
              ? `Parent customer: the figures below cover the ${info.members} account${info.members === 1 ? '' : 's'} of its family assigned to you.`
              : info.members === 0
                ? 'Parent customer with no other account in its family: the figures below are its own.'
                : `Parent customer of a family of ${info.members + 1} accounts (itself and ${info.members} more): the figures below cover the whole family.`
            : `Account of ${info.parentName ?? info.parentSysObligorCode}.`
        }
        breadcrumb={<Breadcrumb crumbs={crumbs} />}
      />
      <PageUpdated kind="integration" />
      <ObligorInfoCard
        info={info}
        dim1Name={settings.dimensionNames.dim1}
        dim2Name={settings.dimensionNames.dim2}
        familyRating={family?.rating}
      />
      <ObligorFigures code={code} isParent={isParent} />
      {isParent && (
        <Section
          title="Accounts in the family"
          description="Each account's ageing today; open one for its own page"
          skeleton={<TableSkeleton rows={6} columns={9} />}
          inputs={JSON.stringify(params)}
          flush
          testId="family-section"
        >
          <FamilyObligors
            code={code}
            params={params}
            pathname={pathname}
            familySize={isScoped(obligorScope(session)) ? info.members : info.members + 1}
          />
        </Section>
      )}
      <Section
        title="Open invoices"
        description={
          date
            ? `What was still owed on ${formatDay(date)}, most overdue first`
            : 'What is still owed, most overdue first'
        }
        skeleton={<TableSkeleton rows={5} columns={8} />}
        inputs={date ?? ''}
        flush
        testId="invoices-section"
      >
        {dateProblem ? (
          <WarningBox kind="error" message={dateProblem} />
        ) : (
          <ObligorInvoices code={code} isParent={isParent} {...(date ? { date } : {})} />
        )}
      </Section>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Section
          title="Days sales outstanding"
          description="Monthly DSO up to one month before today, and the annual DSO"
          skeleton={<LinesSkeleton lines={6} />}
          testId="dso-card"
        >
          <DsoSection params={{}} codes={codes} />
        </Section>
        <Section
          title="Risk rating over time"
          description="Balance-weighted rating at each month end (1 low, 3 high) and the latest ratings"
          skeleton={<LinesSkeleton lines={6} />}
          testId="rating-card"
        >
          <RatingHistory code={code} isParent={isParent} />
        </Section>
      </div>
      <Section
        title="How this customer pays"
        description={`Bills paid off in the 12 months to ${date ? formatDay(date) : 'today'}: days from the due date to the last payment, weighted by amount`}
        actions={<AsOfDate today={settings.today} ledgerStart={settings.ledgerStart} />}
        skeleton={<LinesSkeleton lines={6} />}
        inputs={date ?? ''}
        testId="behaviour-card"
      >
        {dateProblem ? (
          <WarningBox kind="error" message={dateProblem} />
        ) : (
          <PaymentBehaviourSection code={code} {...(date ? { date } : {})} />
        )}
      </Section>
      <div data-testid="contacts-card">
        <ContactsSection
          obligorCode={code}
          canManage={satisfies(session, API_ACCESS.manageContacts)}
          canOpen={mayOpen(session, '/borrowers/contacts')}
        />
      </div>
      <RemittancesSection code={code} />
      {satisfies(session, API_ACCESS.manageUsers) && <CustomerUsersSection code={code} />}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="min-w-0" data-testid="promises-card">
          <PromisesSection
            obligorCode={code}
            obligorName={info.name}
            isParent={isParent}
            canTake={satisfies(session, API_ACCESS.logCommunication)}
            money={{ currency: settings.currency, locale: settings.locale }}
          />
        </div>
        <div className="min-w-0" data-testid="disputes-card">
          <DisputesSection
            obligorCode={code}
            obligorName={info.name}
            canOpen={satisfies(session, API_ACCESS.logCommunication)}
            canResolve={satisfies(session, API_ACCESS.resolveDisputes)}
            money={{ currency: settings.currency, locale: settings.locale }}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="min-w-0" data-testid="cheques-card">
          <ChequesSection
            obligorCode={code}
            obligorName={info.name}
            canRecord={satisfies(session, API_ACCESS.logCommunication)}
            money={{ currency: settings.currency, locale: settings.locale }}
          />
        </div>
        <div className="min-w-0" data-testid="msme-interest-card">
          <MsmeInterestSection
            obligorCode={code}
            money={{ currency: settings.currency, locale: settings.locale }}
            canSetTerms={satisfies(session, API_ACCESS.logCommunication)}
          />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <div className="min-w-0" data-testid="communications-card">
          <CommunicationsSection
            obligorCode={code}
            canLog={satisfies(session, API_ACCESS.logCommunication)}
            money={{ currency: settings.currency, locale: settings.locale }}
          />
        </div>
        <div id="credit-limit-history" className="min-w-0 scroll-mt-20">
          <Section
            title="Credit limit history"
            description="Every change of the limit, newest first"
            skeleton={<LinesSkeleton lines={4} />}
            flush
            testId="credit-history-card"
          >
            <CreditLimitHistory code={code} />
          </Section>
        </div>
      </div>
      <Section
        title="Open tasks"
        description="Collection tasks still to do on this customer"
        skeleton={<TableSkeleton rows={3} columns={8} />}
        flush
        testId="tasks-card"
      >
        <ObligorTasks code={code} isParent={isParent} />
      </Section>
    </div>
  );
}

import { ZDunningRunsQuery } from '@/lib/contract/dunning';
import { flattenParams, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { API_ACCESS } from '@/lib/contract/access';
import { satisfies } from '@/lib/domain/access';
import { WarningBox } from '@/components/feedback/warning-box';
import { LetterheadForm } from '@/components/dunning/letterhead-form';
import { MsmeSettingsForm } from '@/components/dunning/msme-settings-form';
import { PaymentDetailsForm } from '@/components/dunning/payment-details-form';
import { PolicyForm } from '@/components/dunning/policy-form';
import { RunPanel } from '@/components/dunning/run-panel';
import { RunsTable } from '@/components/dunning/runs-table';
import { StatementRunsTable } from '@/components/dunning/statement-runs-table';
import { StatementScheduleForm } from '@/components/dunning/statement-schedule-form';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';

export const metadata = { title: 'Reminders | Client receivables dashboard' };

const PATH = '/borrowers/reminders';

/** The reminder policy, where customers pay, the preview and Run now, and the recent runs (administrators). */
export default async function RemindersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { backend, clientSettings, session } = await pageGate();
  const { timeZone, currency, locale, dimensionNames } = await clientSettings();
  const params = flattenParams(await searchParams);
  const query = ZDunningRunsQuery.safeParse(params);
  const page = query.success ? query.data : ZDunningRunsQuery.parse({});
  const admin = satisfies(session, API_ACCESS.integrations);
  const [policy, details, runs, schedule, letterhead, statementRuns, dimensionValues] = await Promise.all([
    backend.dunning.policy(),
    backend.dunning.paymentDetails(),
    backend.dunning.runs({ query: page }),
    admin ? backend.dunning.statementSchedule() : null,
    admin ? backend.dunning.letterhead() : null,
    admin ? backend.dunning.statementRuns() : null,
    admin ? backend.clients.dimensionValues() : null,
  ]);
  const dimensions = [dimensionNames.dim1, dimensionNames.dim2, dimensionNames.dim3].map((name, i) => ({
    level: i + 1,
    name,
    values: (dimensionValues ?? []).filter((v) => v.dimLevel === i + 1),
  }));
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Reminders"
        description="Customers with debt due are reminded by level, every day from 09:00: emails with their statement and a UPI payment link, WhatsApp messages prepared for the collector, and tasks for the manager at the last level. Disputed invoices and customers with an open promise to pay are left out."
      />
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 className="px-5 pt-5 text-base font-semibold text-slate-900">Preview and run</h3>
        <div className="py-4">
          <RunPanel
            money={{ currency, locale }}
            enabled={policy.enabled}
            canSend={satisfies(session, API_ACCESS.sendReminders)}
          />
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-3 text-base font-semibold text-slate-900">Policy</h3>
        <PolicyForm policy={policy} />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="mb-1 text-base font-semibold text-slate-900">Payment details</h3>
        <p className="mb-3 text-sm text-slate-500">
          Printed on every reminder, statement and portal page with a UPI payment link and QR code.
        </p>
        <PaymentDetailsForm details={details} />
      </section>
      {letterhead && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="mb-1 text-base font-semibold text-slate-900">Letterhead</h3>
          <p className="mb-3 text-sm text-slate-500">
            Printed at the top of every statement and reminder PDF, beside {letterhead.name}: your postal address, GSTIN
            and logo.
          </p>
          <LetterheadForm letterhead={letterhead} />
        </section>
      )}
      {schedule && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="mb-1 text-base font-semibold text-slate-900">Statements by schedule</h3>
          <p className="mb-3 text-sm text-slate-500">
            Each chosen customer with a balance (all of them, those of one dimension value, or a hand-picked list) gets
            its statement as PDF and XLSX by email, once a month or once a week, with the link to see their account and
            pay. Nobody gets the same period&apos;s statement twice.
          </p>
          <StatementScheduleForm schedule={schedule} money={{ currency, locale }} dimensions={dimensions} />
          <h4 className="mt-6 mb-2 text-sm font-semibold text-slate-900">Past runs</h4>
          {statementRuns?.length ? (
            <StatementRunsTable rows={statementRuns} timeZone={timeZone} />
          ) : (
            <WarningBox kind="empty" message="No statements sent yet." />
          )}
        </section>
      )}
      {satisfies(session, API_ACCESS.manageUsers) && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="mb-1 text-base font-semibold text-slate-900">MSME status and interest</h3>
          <p className="mb-3 text-sm text-slate-500">
            As a micro or small enterprise, you are owed MSMED Act interest on late payments: compound, monthly rests,
            three times the RBI Bank Rate.
          </p>
          <MsmeSettingsForm />
        </section>
      )}
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 className="px-5 pt-5 text-base font-semibold text-slate-900">Recent runs</h3>
        {runs.rows.length === 0 ? (
          <div className="p-5">
            <WarningBox kind="empty" message="No reminder runs yet." />
          </div>
        ) : (
          <>
            <RunsTable rows={runs.rows} timeZone={timeZone} />
            <Pagination
              total={runs.total}
              page={page.offset}
              count={page.count}
              pathname={PATH}
              params={params}
              noun="runs"
            />
          </>
        )}
      </section>
    </div>
  );
}

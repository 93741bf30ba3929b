import { formatInstant } from '@/lib/domain/instants';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { bucketTitle } from '@/lib/domain/ageing';
import { isNotFound } from '@/lib/backend/page-errors';
import { pageGate } from '@/lib/backend/page-gate';
import { mayOpen } from '@/lib/domain/route-permissions';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money } from '@/components/ui/money';
import { CloseTaskForm } from '@/components/tasks/close-task-form';
import { isOverdue, TaskStatus } from '@/components/tasks/task-status';

export const metadata = { title: 'Task | Client receivables dashboard' };

async function loadTask(id: number) {
  const { backend } = await pageGate();
  try {
    return await backend.tasks.get({ params: { id } });
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

export default async function TaskPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const { backend, clientSettings, session } = await pageGate();
  const task = await loadTask(id);
  // Invoices of a customer since taken out of the user's scope are left out rather than failing the page.
  const [history, settings, invoices] = await Promise.all([
    backend.tasks.history({ params: { id } }),
    clientSettings(),
    task.sysInvoiceNum.length ? backend.tasks.invoices({ params: { id } }) : [],
  ]);
  const money = { currency: settings.currency, locale: settings.locale };
  const facts: [string, React.ReactNode][] = [
    ['Status', <TaskStatus key="s" status={task.status} />],
    [
      'Customer',
      task.sysObligorCode && mayOpen(session, '/borrowers/obligors') ? (
        <Link
          key="c"
          href={`/borrowers/obligors/${encodeURIComponent(task.sysObligorCode)}`}
          className="text-brand-700 hover:underline"
        >
          {task.obligorName}
        </Link>
      ) : task.sysObligorCode ? (
        task.obligorName
      ) : (
        '—'
      ),
    ],
    ['Category', task.category],
    ['Assignee', task.assigneeName],
    ['Reporter', task.reporterName],
    [
      'Due',
      <span key="d" className={isOverdue(task, settings.today) ? 'font-medium text-rose-700' : ''}>
        <Day iso={task.dueDate} />
      </span>,
    ],
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={task.name}
        description={`Task #${task.id}, created ${formatInstant(task.createdAt, settings.timeZone, 'date')}`}
        breadcrumb={
          <Link href="/borrowers/tasks" className="text-sm text-brand-700 hover:underline">
            ← Tasks
          </Link>
        }
      />
      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="mt-1 text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 className="border-b border-slate-100 px-5 py-3.5 text-sm font-semibold text-slate-900">Invoices</h3>
        {invoices.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500">No invoices attached.</p>
        ) : (
          <DataTable label="Task invoices">
            <thead>
              <tr>
                <Th>Invoice</Th>
                <Th>Due</Th>
                <Th numeric>Amount</Th>
                <Th numeric>Outstanding</Th>
                <Th numeric>Days past due</Th>
                <Th>Bucket</Th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((inv) => (
                <Tr key={inv.sysInvoiceNum}>
                  <Td>
                    <Link
                      href={`/borrowers/invoices/${encodeURIComponent(inv.sysInvoiceNum)}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {inv.invoiceNum}
                    </Link>
                  </Td>
                  <Td>
                    <Day iso={inv.dueDate ?? inv.issueDate} />
                  </Td>
                  <Td numeric>
                    <Money value={inv.amount} format={money} />
                  </Td>
                  <Td numeric>
                    <Money value={inv.outstanding} format={money} />
                  </Td>
                  <Td numeric>{inv.outstanding === 0 ? 'Paid' : inv.daysPastDue > 0 ? inv.daysPastDue : '—'}</Td>
                  <Td>{inv.bucket ? bucketTitle(inv.bucket, settings.boundaries) : 'Settled'}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-sm font-semibold text-slate-900">
            {task.status === 'OPEN' ? 'Close the task' : 'Closed'}
          </h3>
          <div className="mt-3">
            {task.status === 'OPEN' ? (
              <CloseTaskForm taskId={task.id} />
            ) : (
              <p className="text-sm text-slate-700" data-testid="closing-comment">
                {task.comment}
                {task.closedAt && (
                  <span className="block text-xs text-slate-500">
                    on {formatInstant(task.closedAt, settings.timeZone)}
                  </span>
                )}
              </p>
            )}
          </div>
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-sm font-semibold text-slate-900">History</h3>
          <ol className="mt-3 space-y-2 text-sm">
            {history.map((event, i) => (
              <li key={i} className="flex gap-3">
                <span className="w-32 shrink-0 text-xs text-slate-500">
                  {formatInstant(event.at, settings.timeZone)}
                </span>
                <span className="text-slate-700">{event.text}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

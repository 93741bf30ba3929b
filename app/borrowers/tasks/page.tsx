import Link from 'next/link';
import { ZTasksQuery } from '@/lib/contract/tasks';
import { flattenParams, hrefWith, type SearchParams } from '@/lib/client/url-state';
import { pageGate } from '@/lib/backend/page-gate';
import { WarningBox } from '@/components/feedback/warning-box';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ParamSelect } from '@/components/ui/param-select';
import { checkLink, InvalidLink } from '@/components/ui/invalid-link';
import { CreateTaskDialog } from '@/components/tasks/create-task-dialog';
import { TasksTable } from '@/components/tasks/tasks-table';
import { UrlSearchBox } from '@/components/ui/url-search-box';

export const metadata = { title: 'Tasks | Client receivables dashboard' };

const STATUS_TABS = [
  ['OPEN', 'Open'],
  ['CLOSED', 'Closed'],
  ['ALL', 'All'],
] as const;
const PATH = '/borrowers/tasks';

export default async function TasksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = flattenParams(await searchParams);
  const { backend, clientSettings } = await pageGate();
  const [categories, people, settings] = await Promise.all([
    backend.tasks.categories(),
    backend.personnel.clientUsers(),
    clientSettings(),
  ]);
  const invalid = checkLink(ZTasksQuery, params);
  const status = params.status ?? 'OPEN';
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Tasks"
        description="Collection tasks on customers and invoices: who does what, by when."
        actions={<CreateTaskDialog categories={categories} today={settings.today} />}
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <nav aria-label="Task status" className="flex rounded-lg border border-slate-200 bg-white p-1 text-sm">
          {STATUS_TABS.map(([value, label]) => (
            <Link
              key={value}
              href={hrefWith(PATH, params, { status: value === 'OPEN' ? null : value })}
              aria-current={status === value ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 font-medium ${status === value ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
            >
              {label}
            </Link>
          ))}
        </nav>
        <UrlSearchBox
          param="search"
          id="task-search"
          label="Search"
          placeholder="Task, customer name or code"
          className="min-w-56"
        />
        <ParamSelect
          name="assigneeId"
          label="Assignee"
          options={people.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <ParamSelect
          name="categoryId"
          label="Category"
          options={categories.map((c) => ({ value: String(c.taskCategoryId), label: c.taskCategory }))}
        />
        {(params.sysObligorCode || params.sysInvoiceNum) && (
          <Link
            href={hrefWith(PATH, params, { sysObligorCode: null, sysInvoiceNum: null })}
            className="pb-2 text-sm text-brand-700 hover:underline"
          >
            {params.sysObligorCode ? `Customer ${params.sysObligorCode}` : `Invoice ${params.sysInvoiceNum}`} ✕
          </Link>
        )}
      </div>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {invalid ? (
          <div className="p-5">
            <InvalidLink message={invalid} resetHref={PATH} />
          </div>
        ) : (
          <TaskList params={params} />
        )}
      </section>
    </div>
  );
}

async function TaskList({ params }: { params: Record<string, string> }) {
  const { backend, clientSettings } = await pageGate();
  const settings = await clientSettings();
  let page: {
    query: ReturnType<typeof ZTasksQuery.parse>;
    rows: Awaited<ReturnType<typeof backend.tasks.list>>['rows'];
    total: number;
  };
  try {
    const query = ZTasksQuery.parse(params);
    const { rows, total } = await backend.tasks.list({ query: params });
    page = { query, rows, total };
  } catch (error) {
    console.error('Error fetching tasks', error);
    return (
      <div className="p-5">
        <WarningBox kind="error" />
      </div>
    );
  }
  const { query, rows, total } = page;
  if (rows.length === 0)
    return (
      <div className="p-5">
        <WarningBox kind="empty" />
      </div>
    );
  return (
    <>
      <TasksTable tasks={rows} today={settings.today} money={settings} />
      <Pagination total={total} page={query.offset} count={query.count} pathname={PATH} params={params} noun="tasks" />
    </>
  );
}

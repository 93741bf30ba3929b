import Link from 'next/link';
import { pageGate } from '@/lib/backend/page-gate';
import { TasksTable } from '@/components/tasks/tasks-table';
import { Loaded } from '@/components/ui/loaded';

/** The open collection tasks on the customer (or any account of the family) that the user may see. */
export function ObligorTasks({ code, isParent }: { code: string; isParent: boolean }) {
  const filter = isParent ? { parentSysObligorCode: code } : { sysObligorCode: code };
  const load = async () => {
    const { backend, clientSettings } = await pageGate();
    const [settings, tasks] = await Promise.all([
      clientSettings(),
      backend.tasks.list({ query: { ...filter, status: 'OPEN', count: 10 } }),
    ]);
    return { settings, tasks };
  };
  return (
    <Loaded load={load} isEmpty={({ tasks }) => tasks.total === 0}>
      {({ settings, tasks }) => (
        <div data-testid="obligor-tasks">
          <TasksTable tasks={tasks.rows} today={settings.today} money={settings} />
          {!isParent && (
            <p className="border-t border-slate-100 px-5 py-3 text-sm">
              <Link
                href={`/borrowers/tasks?sysObligorCode=${encodeURIComponent(code)}&status=ALL`}
                className="font-medium text-brand-700 hover:underline"
              >
                All tasks on this customer →
              </Link>
            </p>
          )}
        </div>
      )}
    </Loaded>
  );
}

import Link from 'next/link';
import type { TTaskRow } from '@/lib/contract/tasks';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { isOverdue, TaskStatus } from './task-status';

/** A collector's list: the task, whose it is, what its invoices still owe and how late they are. */
export function TasksTable({ tasks, today, money }: { tasks: TTaskRow[]; today: string; money: MoneyFormat }) {
  return (
    <DataTable label="Tasks" testId="tasks-table">
      <thead>
        <tr>
          <Th>Task</Th>
          <Th>Customer</Th>
          <Th numeric>Invoices</Th>
          <Th numeric>Still owed</Th>
          <Th numeric>Most overdue</Th>
          <Th>Category</Th>
          <Th>Assignee</Th>
          <Th>Reporter</Th>
          <Th>Due</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <Tr key={task.id} data-task-id={task.id}>
            <Td>
              <Link href={`/borrowers/tasks/${task.id}`} className="font-medium text-brand-700 hover:underline">
                {task.name}
              </Link>
            </Td>
            <Td>
              {task.sysObligorCode ? (
                <Link
                  href={`/borrowers/tasks?sysObligorCode=${encodeURIComponent(task.sysObligorCode)}&status=ALL`}
                  title="All tasks on this customer"
                  className="hover:underline"
                >
                  {task.obligorName}
                </Link>
              ) : (
                <span className="text-slate-400">—</span>
              )}
            </Td>
            <Td numeric>{task.sysInvoiceNum.length || '—'}</Td>
            <Td numeric data-testid="task-open-amount">
              {task.openAmount == null ? (
                <span className="text-slate-400">—</span>
              ) : (
                <Money value={task.openAmount} format={money} />
              )}
            </Td>
            <Td numeric data-testid="task-days-past-due">
              {task.daysPastDue == null ? (
                <span className="text-slate-400">—</span>
              ) : task.daysPastDue > 0 ? (
                <span className="font-medium text-rose-700">{task.daysPastDue} days</span>
              ) : (
                <span className="text-slate-500">not due</span>
              )}
            </Td>
            <Td>{task.category}</Td>
            <Td>{task.assigneeName}</Td>
            <Td className="text-slate-500">{task.reporterName}</Td>
            <Td className={isOverdue(task, today) ? 'font-medium text-rose-700' : ''}>
              <Day iso={task.dueDate} />
            </Td>
            <Td>
              <TaskStatus status={task.status} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </DataTable>
  );
}

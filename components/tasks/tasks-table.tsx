import Link from 'next/link';
import type { TTaskRow } from '@/lib/contract/tasks';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Day } from '@/components/ui/day';
import { isOverdue, TaskStatus } from './task-status';

export function TasksTable({ tasks, today }: { tasks: TTaskRow[]; today: string }) {
  return (
    <DataTable label="Tasks" testId="tasks-table">
      <thead>
        <tr>
          <Th>Task</Th>
          <Th>Customer</Th>
          <Th numeric>Invoices</Th>
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

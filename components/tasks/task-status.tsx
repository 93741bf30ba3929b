import { TASK_STATUS_STYLES } from '@/lib/constants';
import type { TTaskRow } from '@/lib/contract/tasks';

export function TaskStatus({ status }: { status: TTaskRow['status'] }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TASK_STATUS_STYLES[status]}`}
    >
      {status === 'OPEN' ? 'Open' : 'Closed'}
    </span>
  );
}

/** Due dates before today on an open task are shown in red. */
export function isOverdue(task: { status: string; dueDate: string }, today: string): boolean {
  return task.status === 'OPEN' && task.dueDate < today;
}

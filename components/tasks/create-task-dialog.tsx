'use client';

import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { addDays, format, parseISO } from 'date-fns';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { personnelCalls, type TUserPick } from '@/lib/contract/personnel';
import { taskCalls, ZCreateTaskBody, type TTaskCategory } from '@/lib/contract/tasks';
import { InvoicePicker } from './invoice-picker';
import { SearchPicker, type Pick } from './search-picker';

const input =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-rose-400';

const toCustomer = (row: Record<string, unknown>): Pick => ({
  id: String(row.sysObligorCode),
  label: String(row.name),
  detail: [row.sysObligorCode, row.parentName, row.city].filter(Boolean).join(' · '),
});
const toUser = (user: TUserPick): Pick => ({
  id: String(user.id),
  label: user.name,
  detail: `${user.email} · ${user.role}`,
});
const findUsers = (nameOrEmail: string) =>
  callApi(personnelCalls.users, { query: { nameOrEmail } }).then(({ rows }) => rows.map(toUser));

/** The create dialog: customer search, that customer's open invoices, assignee search, category, due date. */
/** `today` is the client's day (from the server), not the browser's: a due date is a business day. */
export function CreateTaskDialog({ categories, today }: { categories: TTaskCategory[]; today: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [customer, setCustomer] = useState<Pick | null>(null);
  const [assignee, setAssignee] = useState<Pick | null>(null);
  const [invoiceNums, setInvoiceNums] = useState<string[]>([]);
  const form = useContractForm(ZCreateTaskBody);
  const { fields, error, busy } = form;

  const reset = () => {
    setCustomer(null);
    setAssignee(null);
    setInvoiceNums([]);
    form.reset();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const body = {
      name: String(data.get('name') ?? ''),
      categoryId: Number(data.get('categoryId')),
      dueDate: String(data.get('dueDate') ?? ''),
      // No one chosen: the contract's message on assigneeId.
      assigneeId: assignee?.id,
      sysObligorCode: customer?.id,
      sysInvoiceNum: invoiceNums,
    };
    void form.submit(event, body, async (input) => {
      const task = await callApi(taskCalls.create, { body: input });
      setOpen(false);
      reset();
      router.push(`/borrowers/tasks/${task.id}`);
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        New task
      </button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        className="relative z-50"
      >
        <div className="fixed inset-0 bg-slate-900/30" aria-hidden />
        <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-16">
          <DialogPanel className="w-full max-w-xl rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-slate-900">New collection task</DialogTitle>
            <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
              {error && (
                <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                  {error}
                </p>
              )}
              <div>
                <label htmlFor="task-name" className="block text-sm font-medium text-slate-700">
                  Task
                </label>
                <input
                  id="task-name"
                  name="name"
                  required
                  maxLength={200}
                  placeholder="e.g. Follow up on overdue invoices"
                  className={input}
                  aria-invalid={Boolean(fields.name)}
                />
                {fields.name && <p className="mt-1 text-xs text-rose-700">{fields.name}</p>}
              </div>
              <SearchPicker
                id="task-customer"
                label="Customer"
                path="v3/parentobligors"
                param="obligorName"
                toPick={toCustomer}
                value={customer}
                onChange={(pick) => {
                  setCustomer(pick);
                  setInvoiceNums([]);
                }}
                error={fields.sysObligorCode}
                placeholder="Search by customer name or code"
              />
              {customer && (
                <InvoicePicker
                  sysObligorCode={customer.id}
                  selected={invoiceNums}
                  onChange={setInvoiceNums}
                  error={fields.sysInvoiceNum}
                />
              )}
              <SearchPicker
                id="task-assignee"
                label="Assignee"
                search={findUsers}
                value={assignee}
                onChange={setAssignee}
                error={fields.assigneeId}
                placeholder="Search by name or email"
              />
              <div className="grid grid-cols-2 gap-4">
                <div>
                  <label htmlFor="task-category" className="block text-sm font-medium text-slate-700">
                    Category
                  </label>
                  <select
                    id="task-category"
                    name="categoryId"
                    className={input}
                    defaultValue={categories[0]?.taskCategoryId}
                  >
                    {categories.map((c) => (
                      <option key={c.taskCategoryId} value={c.taskCategoryId}>
                        {c.taskCategory}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <DateInput
                    label="Due date"
                    name="dueDate"
                    defaultValue={format(addDays(parseISO(today), 7), 'yyyy-MM-dd')}
                    min={today}
                    testId="task-due"
                    field="dueDate"
                    error={fields.dueDate}
                  />
                </div>
              </div>
              <div className="flex justify-end gap-3 pt-2">
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    reset();
                  }}
                  className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
                >
                  {busy ? 'Creating…' : 'Create task'}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

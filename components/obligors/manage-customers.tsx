'use client';

import Link from 'next/link';
import { Suspense } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { manageCustomerCalls, type TManagedObligorRow } from '@/lib/contract/manage-customers';
import { usePagedList } from '@/lib/client/use-paged-list';
import { WarningBox } from '@/components/feedback/warning-box';
import { useToast } from '@/components/feedback/toast';
import { DataTable, Td, Th, Tr } from '@/components/ui/data-table';
import { Money, type MoneyFormat } from '@/components/ui/money';
import { TableSkeleton } from '@/components/ui/skeletons';
import { AssignDialog } from './manage-assign-dialog';
import { FILTER_KEYS, ManageCustomerFilters } from './manage-customer-filters';
import { readSectionPaging, SectionPager, SortHeader } from './manage-table-controls';
import { useSectionState } from './manage-url-state';

const PREFIX = 'mc_';
// The list changes only when someone assigns people; a slow refresh keeps a long-open tab honest.
const REFRESH_MS = 300_000;
const INR: MoneyFormat = { currency: 'INR', locale: 'en-IN' };

/**
 * The manage-customer list (spec sections 3 and 7, obligors/list): every obligor with its GSTIN,
 * place, credit limit and the people assigned to it, filtered, sorted (snake_case fields) and
 * paged by the server; admins assign field officers, managers and RMs from each row. Its URL keys
 * are prefixed mc_ so the page hosting it keeps its own.
 */
export function ManageCustomers(props: { canAssign: boolean; money?: MoneyFormat }) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="manage-customers">
      <header className="border-b border-slate-100 px-5 py-3.5">
        <h3 className="text-sm font-semibold text-slate-900">Manage customers</h3>
        <p className="mt-0.5 text-xs text-slate-500">
          Every parent and child obligor with its field officer, area sales manager and relationship manager.
        </p>
      </header>
      <Suspense fallback={<TableSkeleton columns={8} />}>
        <ManageCustomerList canAssign={props.canAssign} money={props.money ?? INR} />
      </Suspense>
    </section>
  );
}

function ManageCustomerList({ canAssign, money }: { canAssign: boolean; money: MoneyFormat }) {
  const showToast = useToast();
  const { values, href, update } = useSectionState(PREFIX);
  const { page, count } = readSectionPaging(values, DEFAULT_PAGE_SIZE);
  const sort = {
    sortBy: values.sortBy ?? 'name',
    orderBy: values.orderBy === 'DESC' ? ('DESC' as const) : ('ASC' as const),
  };
  const query: Record<string, string | number> = { offset: page, count, sortBy: sort.sortBy, orderBy: sort.orderBy };
  for (const key of FILTER_KEYS) if (values[key]) query[key] = values[key]!;
  const list = usePagedList(manageCustomerCalls.list, { query }, REFRESH_MS);

  // Every row of a filtered list shares the filtered person or family: it names them after a reload.
  const first = list.rows[0];
  const labels = {
    guestId: first?.guestName ?? undefined,
    representativeId: first?.representativeName ?? undefined,
    rmId: first?.rmName ?? undefined,
    parentSysObligorCode: first?.parentName ?? undefined,
  };
  const onAssigned = (updated: TManagedObligorRow) => {
    list.setRows((rows) => rows.map((r) => (r.sysObligorCode === updated.sysObligorCode ? updated : r)));
    showToast(`Saved the people assigned to ${updated.name}`);
    void list.reload(); // the change may take the row out of a filter or move it in the sort
  };
  const header = (column: string, label: string, title?: string, numeric = false) => (
    <SortHeader column={column} label={label} title={title} active={sort} hrefFor={href} numeric={numeric} />
  );

  return (
    <>
      <ManageCustomerFilters values={values} labels={labels} update={update} />
      {list.error ? (
        <div className="p-5">
          <WarningBox kind="error" />
        </div>
      ) : list.loading && list.rows.length === 0 ? (
        <TableSkeleton columns={8} />
      ) : list.rows.length === 0 ? (
        <div className="p-5">
          <WarningBox kind="empty" />
        </div>
      ) : (
        <div className={list.loading ? 'opacity-60 transition-opacity' : ''} aria-busy={list.loading}>
          <DataTable label="Manage customers" testId="manage-customers-table" dense>
            <thead>
              <tr>
                <SortHeader
                  column="name"
                  label="Obligor"
                  active={sort}
                  hrefFor={href}
                  extra={
                    <Link
                      href={href({
                        sortBy: 'sys_obligor_code',
                        orderBy: sort.sortBy === 'sys_obligor_code' && sort.orderBy === 'ASC' ? 'DESC' : 'ASC',
                      })}
                      scroll={false}
                      data-sort="sys_obligor_code"
                      className={`ml-2 font-normal hover:text-slate-900 ${sort.sortBy === 'sys_obligor_code' ? 'text-slate-900' : 'text-slate-400'}`}
                    >
                      by code{sort.sortBy === 'sys_obligor_code' ? (sort.orderBy === 'ASC' ? ' ▲' : ' ▼') : ''}
                    </Link>
                  }
                />
                {header('parent_name', 'Parent obligor')}
                {header('business_id', 'GSTIN')}
                {header('city', 'City · region')}
                <Th>Trade channel</Th>
                {header('credit_limit', 'Credit limit', undefined, true)}
                {header('guest_name', 'Field officer')}
                {header('representative_name', 'Sales manager', 'Area sales manager')}
                {header('rm_name', 'RM', 'Relationship manager')}
                {canAssign && (
                  <Th>
                    <span className="sr-only">Assign</span>
                  </Th>
                )}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <Tr key={row.sysObligorCode} data-obligor={row.sysObligorCode}>
                  <Td className="min-w-44">
                    <Link
                      href={
                        row.parentSysObligorCode
                          ? `/borrowers/obligors/child/${encodeURIComponent(row.sysObligorCode)}`
                          : `/borrowers/obligors/${encodeURIComponent(row.sysObligorCode)}`
                      }
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {row.name}
                    </Link>
                    <span className="block text-[11px] text-slate-400">{row.sysObligorCode}</span>
                  </Td>
                  <Td>
                    {row.parentName ?? (
                      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-500">Parent</span>
                    )}
                  </Td>
                  <Td className="font-mono text-[11px] whitespace-nowrap">{row.businessId ?? '—'}</Td>
                  <Td>
                    {row.city ?? '—'}
                    {row.dim1 && <span className="block text-[11px] text-slate-400">{row.dim1}</span>}
                  </Td>
                  <Td>{row.tradeChannel ?? '—'}</Td>
                  <Td numeric>
                    {row.creditLimit == null ? '—' : <Money value={row.creditLimit} format={money} short />}
                  </Td>
                  <Person name={row.guestName} />
                  <Person name={row.representativeName} />
                  <Person name={row.rmName} />
                  {canAssign && (
                    <Td>
                      <AssignDialog row={row} onAssigned={onAssigned} />
                    </Td>
                  )}
                </Tr>
              ))}
            </tbody>
          </DataTable>
          <SectionPager total={list.total} page={page} count={count} hrefFor={href} noun="obligors" />
        </div>
      )}
    </>
  );
}

function Person({ name }: { name: string | null }) {
  return <Td className="whitespace-nowrap">{name ?? <span className="text-slate-400">Unassigned</span>}</Td>;
}

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { obligorHref } from '@/lib/contract/contacts';
import { satisfies } from '@/lib/domain/access';
import { API_ACCESS } from '@/lib/contract/access';
import { isNotFound } from '@/lib/backend/page-errors';
import { pageGate } from '@/lib/backend/page-gate';
import { PageHeader } from '@/components/ui/page-header';
import { ContactActions } from '@/components/contacts/contact-actions';
import { CommunicationsSection } from '@/components/obligors/communications-section';

export const metadata = { title: 'Customer Contact | Client receivables dashboard' };

async function loadContact(id: number) {
  const { backend } = await pageGate();
  try {
    return await backend.contacts.get({ params: { id } });
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const { session } = await pageGate();
  const contact = await loadContact(id);
  const none = <span className="text-slate-400">—</span>;
  const facts: [string, React.ReactNode][] = [
    ['Role', contact.role ?? none],
    [
      'Customer',
      <Link key="c" href={obligorHref(contact)} className="text-brand-700 hover:underline">
        {contact.obligorName}
      </Link>,
    ],
    ['Customer code', contact.sysObligorCode],
    [
      'Parent obligor',
      contact.parentSysObligorCode ? (
        <Link
          key="f"
          href={`/borrowers/obligors/${encodeURIComponent(contact.parentSysObligorCode)}`}
          className="text-brand-700 hover:underline"
        >
          {contact.parentName}
        </Link>
      ) : (
        <span key="f" className="text-slate-500">
          This customer is a parent obligor
        </span>
      ),
    ],
    [
      'Email',
      contact.email ? (
        <a key="e" href={`mailto:${contact.email}`} className="text-brand-700 hover:underline">
          {contact.email}
        </a>
      ) : (
        none
      ),
    ],
    [
      'Phone',
      contact.phone ? (
        <a
          key="p"
          href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
          className="tabular-nums text-brand-700 hover:underline"
        >
          {contact.phone}
        </a>
      ) : (
        none
      ),
    ],
  ];
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={contact.name}
        description={`${contact.role ?? 'Contact'} at ${contact.obligorName}`}
        breadcrumb={
          <Link href="/borrowers/contacts" className="text-sm text-brand-700 hover:underline">
            ← Customer contacts
          </Link>
        }
        actions={satisfies(session, API_ACCESS.manageContacts) ? <ContactActions contact={contact} /> : undefined}
      />
      <dl className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="mt-1 text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        <Link
          href={`/borrowers/contacts?sysObligorCode=${encodeURIComponent(contact.sysObligorCode)}`}
          className="text-brand-700 hover:underline"
        >
          All contacts of {contact.obligorName}
        </Link>
      </p>
      {/* What was last said to this customer is what a collector needs before calling the contact. */}
      <CommunicationsSection
        obligorCode={contact.sysObligorCode}
        canLog={satisfies(session, API_ACCESS.logCommunication)}
      />
    </div>
  );
}

import { pageGate } from '@/lib/backend/page-gate';
import { amountText } from '@/lib/domain/dunning';
import { upiAllowed, upiLink, upiReference } from '@/lib/domain/upi';
import QRCode from 'qrcode';

/**
 * How to pay this balance: the client's UPI link (opens any UPI app on a phone) with its QR code,
 * made here, and the bank account for NEFT/RTGS. Nothing when the client has set neither.
 */
export async function UpiPayCard({ code, amount }: { code: string; amount: number | null }) {
  const { backend, clientSettings } = await pageGate();
  const [details, client] = await Promise.all([backend.dunning.paymentDetails(), clientSettings()]);
  if (!details.upiVpa && !details.bankAccountNumber) return null;
  const due = amount != null && amount > 0 ? Math.round(amount * 100) / 100 : null;
  // Above the client's UPI limit a UPI app would refuse the amount: bank transfer is offered instead.
  const overLimit = !upiAllowed(due, details.upiLimit);
  const link =
    details.upiVpa && !overLimit
      ? upiLink({
          vpa: details.upiVpa,
          payeeName: client.name,
          amount: due,
          reference: upiReference(code, client.code),
        })
      : null;
  // Made here, on the server: no outside service sees the link.
  const qr = link ? await QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) : null;
  return (
    <section
      className="flex flex-wrap items-center gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Pay by UPI or bank transfer"
      data-testid="upi-pay"
    >
      {qr && link && (
        <a href={link} className="shrink-0" title="Open in a UPI app">
          {/* A data: URL made on the server: next/image has nothing to optimise. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={qr} alt={`UPI QR code to pay ${client.name}`} width={132} height={132} data-testid="upi-qr" />
        </a>
      )}
      <div className="min-w-0 space-y-2 text-sm">
        <h3 className="text-sm font-semibold text-slate-900">Pay {client.name}</h3>
        {link && (
          <p>
            <a
              href={link}
              className="inline-block rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
              data-testid="upi-link"
            >
              {due != null ? `Pay ₹${amountText(due)} by UPI` : 'Pay by UPI'}
            </a>
            <span className="ml-2 text-xs text-slate-500">
              Scan with any UPI app or tap on a phone · {details.upiVpa}
            </span>
          </p>
        )}
        {details.upiVpa && overLimit && (
          <p className="text-xs text-slate-600" data-testid="upi-over-limit">
            ₹{amountText(due ?? 0)} is more than UPI takes in one payment (₹{amountText(details.upiLimit)}): please pay
            by bank transfer.
          </p>
        )}
        {details.bankAccountNumber && (
          <p className="text-xs text-slate-600">
            Bank transfer (NEFT/RTGS/IMPS): {details.bankAccountName ?? client.name}, account{' '}
            <span className="font-medium tabular-nums">{details.bankAccountNumber}</span>
            {details.bankIfsc && <>, IFSC {details.bankIfsc}</>}
            {details.bankName && <>, {details.bankName}</>}
          </p>
        )}
      </div>
    </section>
  );
}

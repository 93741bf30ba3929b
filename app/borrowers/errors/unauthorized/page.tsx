import { forbidden } from 'next/navigation';

export const metadata = { title: 'Not authorised | Client receivables dashboard' };

/**
 * Where the proxy sends a request for a page the user's role does not include. It answers HTTP 403
 * (not 200), so that a browser, a crawler or a monitor sees a refusal; the words are in forbidden.tsx.
 */
export default function UnauthorizedPage(): never {
  forbidden();
}

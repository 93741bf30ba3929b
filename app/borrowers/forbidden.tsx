import { ForbiddenView } from '@/components/feedback/forbidden-view';

/** What `forbidden()` renders under the borrowers' shell (side menu and top bar kept), answered with HTTP 403. */
export default function BorrowersForbidden() {
  return <ForbiddenView />;
}

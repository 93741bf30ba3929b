import { MESSAGES } from '@/lib/constants';
import { ErrorView } from '@/components/feedback/error-view';
import { PublicTopBar } from '@/components/shell/public-top-bar';

export default function NotFound() {
  return (
    <>
      <PublicTopBar />
      <ErrorView statusCode={404} message={MESSAGES.notFound} />
    </>
  );
}

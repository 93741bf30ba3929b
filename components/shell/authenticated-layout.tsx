import type { ReactNode } from 'react';
import { pageGate } from '@/lib/backend/page-gate';
import { isPortalOnly } from '@/lib/domain/access';
import { accountLinks, buildMenu } from '@/lib/domain/menu';
import { tourSteps } from '@/lib/domain/tour';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { DEFAULT_TIME_ZONE } from '@/lib/domain/instants';
import { AppShell } from './app-shell';
import { ClientClock } from './client-clock';
import { RiskColourScope } from '@/components/ui/risk-colour-scope';

/**
 * Server side of the authenticated layout: checks the session again and builds the menu. Borrowers'
 * menus name the client's dim1 and their screens use its risk colours; investors' screens need neither.
 */
export async function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const { session, clientSettings, backend } = await pageGate();
  // A customer user is no member of staff: the avatar menu names the customer whose user they are.
  const customer = session.customer ? (await backend.auth.borrowerUser()).customer : null;
  const settings = session.userType === 'borrowers' ? await clientSettings() : null;
  const dim1Name = settings?.dimensionNames.dim1 ?? '';
  // Investors' firms keep the default clock: their pages show no client instants of a borrower.
  const timeZone = settings?.timeZone ?? DEFAULT_TIME_ZONE;
  return (
    <ClientClock timeZone={timeZone}>
      <AppShell
        user={{
          name: session.name,
          role: customer ? `Portal user of ${customer.name}` : (ROLE_NAMES[session.role as RoleCode] ?? session.role),
          clientName: session.clientName,
          userType: session.userType,
        }}
        menu={buildMenu(session, dim1Name)}
        accountLinks={accountLinks(session)}
        portalOnly={isPortalOnly(session)}
        tour={tourSteps(session, dim1Name)}
      >
        {settings ? <RiskColourScope colours={settings.riskColours}>{children}</RiskColourScope> : children}
      </AppShell>
    </ClientClock>
  );
}

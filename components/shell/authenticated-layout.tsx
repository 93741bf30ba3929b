import type { ReactNode } from 'react';
import { getDb } from '@/lib/db/client';
import { isPortalOnly } from '@/lib/domain/access';
import { buildMenu } from '@/lib/domain/menu';
import { tourSteps } from '@/lib/domain/tour';
import { ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { requirePageSession } from '@/lib/server/auth/page-session';
import { getClient } from '@/lib/server/clients/get-client';
import { AppShell } from './app-shell';
import { RiskColourScope } from '@/components/ui/risk-colour-scope';
import { riskColoursOf } from '@/lib/domain/risk-colours';

/** Server side of the authenticated layout: checks the session again and builds the menu. */
export async function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const session = await requirePageSession();
  const client = await getClient(await getDb(), session.clientId);
  return (
    <AppShell
      user={{ name: session.name, role: ROLE_NAMES[session.role as RoleCode] ?? session.role, clientName: client.name, userType: session.userType }}
      menu={buildMenu(session, client.dim1Name)}
      portalOnly={isPortalOnly(session)}
      tour={tourSteps(session, client.dim1Name)}
    >
      <RiskColourScope colours={riskColoursOf(client)}>{children}</RiskColourScope>
    </AppShell>
  );
}

import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog } from '@/lib/db/schema';
import type { TLetterhead, TLetterheadBody } from '@/lib/contract/letterhead';
import { notFound } from '@/lib/server/domain-errors';

const LetterheadRow = row({
  name: col.text,
  address: col.text.nullable(),
  gstin: col.text.nullable(),
  logo: col.text.nullable(),
});

/** GET /clients/letterhead: the client's name, postal address, GSTIN and logo (a data URL). */
export async function letterhead(db: Db, clientId: number): Promise<TLetterhead> {
  const found = await queryRow(
    db,
    sql`select name, address, gstin, logo from clients where id = ${clientId}`,
    LetterheadRow,
  );
  if (!found) throw notFound('Client');
  return found;
}

/** PUT /clients/letterhead: every field replaced (a blank one is cleared), audited without the logo's bytes. */
export async function saveLetterhead(
  db: Db,
  clientId: number,
  userId: number,
  body: TLetterheadBody,
): Promise<TLetterhead> {
  await db.transaction(async (tx) => {
    const before = await letterhead(tx, clientId);
    await tx.execute(sql`update clients set address = ${body.address ?? null}, gstin = ${body.gstin ?? null},
      logo = ${body.logo ?? null} where id = ${clientId}`);
    const brief = (l: TLetterhead) => ({
      address: l.address,
      gstin: l.gstin,
      logo: l.logo ? `${l.logo.length} characters` : null,
    });
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'letterhead_saved',
      entity: 'client',
      entityId: String(clientId),
      detail: { gstin: body.gstin ?? null, logo: Boolean(body.logo) },
      before: brief(before),
      after: brief(await letterhead(tx, clientId)),
    });
  });
  return letterhead(db, clientId);
}

import { sql } from 'drizzle-orm';
import { col, rowOf } from '@/lib/db/rows';

/**
 * Columns of an ageing row read as text (numbers compared as written), and the shape that reads
 * them with the row's date (`as_of`, selected by the caller).
 */
export function asText(columns: readonly string[]) {
  return {
    select: sql.join(
      columns.map((c) => sql`${sql.identifier(c)}::text as ${sql.identifier(c)}`),
      sql`, `,
    ),
    shape: rowOf(['as_of', ...columns], col.text),
  };
}

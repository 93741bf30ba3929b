import { z } from 'zod';

/**
 * Column types of raw SQL rows, as both drivers (node-postgres and PGlite) answer them, turned into
 * the values the code works with. A raw read declares its row once with these (`row({...})`) and
 * `queryRows` parses every row through it, so a column that changes type fails loudly in tests
 * instead of flowing on as the wrong kind of value.
 *
 * - int4 and float8 arrive as numbers; int8 (`count(*)`) and numeric as strings: `num` takes both.
 * - A `date` column is read as `::text` in SQL (node-postgres would turn it into a local-time Date).
 * - A timestamptz arrives as a Date from node-postgres and as a Date or text from PGlite: `instant`
 *   answers its ISO text.
 */
const finite = z.number().refine(Number.isFinite, 'not a finite number');

export const col = {
  /** numeric, int8, int4, float8 or count(*): a finite number (money is numeric(18,2) in SQL). */
  num: z.union([z.number(), z.string()]).transform(Number).pipe(finite),
  /** A whole number (ids, counts). */
  int: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int('not a whole number')),
  text: z.string(),
  bool: z.boolean(),
  /** A `date` read as `::text`: YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date column must be read as ::text'),
  /** A timestamptz as ISO 8601 text. */
  instant: z.union([z.date(), z.string()]).transform((v) => new Date(v).toISOString()),
  /** A timestamptz as a Date. */
  date: z.union([z.date(), z.string()]).transform((v) => new Date(v)),
  /** A text column that only ever holds one of these values (a status, a channel). */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
  /** An array column (float8[], int4[], text[]), each element through `item`. */
  array: <T extends z.ZodType>(item: T) => z.array(item),
  /** A json or jsonb column, as the schema given says it is. */
  json: <T extends z.ZodType>(schema: T) => schema,
} as const;

/** One raw row's shape: its columns by the names the SQL gives them. */
export const row = z.object;

/** A row of exactly these columns, each through the same codec (a count or a flag per kind). */
export const rowOf = <const K extends readonly string[], C extends z.ZodType>(columns: K, codec: C) =>
  z.record(z.enum(columns), codec);

export type Row<S extends z.ZodType> = z.output<S>;

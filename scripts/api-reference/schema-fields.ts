import { z } from 'zod';

type JsonSchema = z.core.JSONSchema.JSONSchema;

/** One field a call takes, as the API reference lists it. */
export interface FieldRow {
  /** `name`, or `levels[].days` for a field of the objects in a list. */
  name: string;
  /** The type and its limits in words: `integer 1–500`, `string, 3–64 characters`, `one of ASC, DESC`. */
  type: string;
  /** The value taken when the field is left out, as JSON. */
  default?: string;
  required: boolean;
}

/** The ISO date every date field takes (`ZIsoDate`). */
const ISO_DATE = String.raw`^\d{4}-\d{2}-\d{2}$`;

/** The fields of an object schema (path parameters, query or body), as the caller writes them. */
export function fieldsOf(schema: z.ZodType): FieldRow[] {
  // 'input': what the caller sends, before defaults and transforms; refinements are not shown.
  return objectFields(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '');
}

function objectFields(schema: JsonSchema, prefix: string): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
    if (typeof value === 'boolean') return [];
    const name = `${prefix}${key}`;
    const row: FieldRow = { name, type: typeOf(value), required: required.has(key) };
    if (value.default !== undefined) row.default = JSON.stringify(value.default);
    const item = value.type === 'array' && isSchema(value.items) ? value.items : undefined;
    return item?.type === 'object' ? [row, ...objectFields(item, `${name}[].`)] : [row];
  });
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(', or ');
  if (schema.const !== undefined) return schema.const === '' ? 'empty' : `\`${String(schema.const)}\``;
  if (schema.enum) return `one of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  switch (schema.type) {
    case 'string':
      return stringType(schema);
    case 'integer':
    case 'number':
      return withLimit(schema.type, range(schema));
    case 'array': {
      const item = isSchema(schema.items) ? schema.items : {};
      const itemType = item.type === 'object' ? 'objects' : typeOf(item);
      const of = itemType.includes(',') ? `(${itemType})` : itemType;
      return withLimit(`list of ${of}`, countRange(schema.minItems, schema.maxItems, 'items'));
    }
    case 'object':
      return 'object';
    case 'null':
      return 'null';
    default:
      return String(schema.type ?? 'any');
  }
}

function stringType(schema: JsonSchema): string {
  if (schema.pattern === ISO_DATE) return 'date yyyy-mm-dd';
  const kind = schema.format === 'email' ? 'email' : 'string';
  const limits = [countRange(schema.minLength, schema.maxLength, 'characters')];
  if (schema.pattern && !schema.format) limits.push(`matching \`${schema.pattern}\``);
  return withLimit(kind, ...limits);
}

function withLimit(kind: string, ...limits: (string | undefined)[]): string {
  const said = limits.filter(Boolean);
  return said.length ? `${kind}, ${said.join(', ')}` : kind;
}

function countRange(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min && max !== undefined) return min === max ? `${n(min)} ${unit}` : `${n(min)}–${n(max)} ${unit}`;
  if (max !== undefined) return `at most ${n(max)} ${unit}`;
  if (min) return `at least ${n(min)} ${unit}`;
  return undefined;
}

/** `1–500`, `-30 to 365`, `> 0`, `≤ 90`, in Indian grouping; an integer's exclusive minimum 0 reads as 1. */
function range(schema: JsonSchema): string | undefined {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  let min = schema.minimum;
  if (min === undefined && exclusiveMin !== undefined && schema.type === 'integer') min = exclusiveMin + 1;
  const max = schema.maximum;
  if (min !== undefined && max !== undefined) return `${n(min)}${min < 0 ? ' to ' : '–'}${n(max)}`;
  if (min !== undefined) return `≥ ${n(min)}`;
  if (exclusiveMin !== undefined)
    return max === undefined ? `> ${n(exclusiveMin)}` : `> ${n(exclusiveMin)}, ≤ ${n(max)}`;
  if (max !== undefined) return `≤ ${n(max)}`;
  return undefined;
}

const INDIAN = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const n = (value: number) => INDIAN.format(value);

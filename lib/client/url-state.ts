/**
 * Filters, sort and page live in the URL so that a bookmark or a shared link reopens the same view.
 * Parameter names are those of the API contract (lib/contract/receivables.ts): `offset` is the page
 * number from 1, `count` the page size, `sortBy`/`order` the sort. Pure functions: the server builds
 * links with them and the client islands navigate with them.
 */
import { ALL } from '@/lib/domain/filters';

export type SearchParams = Record<string, string | string[] | undefined>;
export type ParamSource = SearchParams | URLSearchParams | Record<string, string>;
export type ParamChanges = Record<string, string | number | null | undefined>;
export type SortOrder = 'ASC' | 'DESC';

export const PAGE_PARAM = 'offset';

/** The first value of every parameter (a repeated parameter keeps its first value). */
export function flattenParams(source: ParamSource): Record<string, string> {
  if (source instanceof URLSearchParams) {
    const flat: Record<string, string> = {};
    for (const [key, value] of source) if (!(key in flat)) flat[key] = value;
    return flat;
  }
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) flat[key] = first;
  }
  return flat;
}

/** '', 'ALL' and null all mean "no filter": such a parameter is left out of the URL. */
function normalise(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return text === '' || text === ALL ? null : text;
}

/**
 * The parameters after `changes`. Spec section 4 resets the page to 1 when a filter gets a value;
 * we also reset it when a filter is cleared or the sort or page size changes, because the old page
 * number then points into a different list.
 */
export function withChanges(current: ParamSource, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(flattenParams(current));
  let resetPage = false;
  for (const [key, raw] of Object.entries(changes)) {
    const value = normalise(raw);
    if ((next.get(key) ?? null) === value) continue;
    if (key !== PAGE_PARAM) resetPage = true;
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  if (resetPage && !(PAGE_PARAM in changes)) next.delete(PAGE_PARAM);
  if (next.get(PAGE_PARAM) === '1') next.delete(PAGE_PARAM);
  return next;
}

export function hrefWith(pathname: string, current: ParamSource, changes: ParamChanges): string {
  const query = withChanges(current, changes).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A link to page `page` of one of several lists on a page, each paged by its own parameter
 * (`offset`, `itemsOffset`): the other lists keep their page.
 */
export function hrefWithPage(pathname: string, current: ParamSource, param: string, page: number): string {
  if (param === PAGE_PARAM) return hrefWith(pathname, current, { [PAGE_PARAM]: page === 1 ? null : page });
  const next = new URLSearchParams(flattenParams(current));
  if (page === 1) next.delete(param);
  else next.set(param, String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The page number (from 1) and page size of the URL, with the contract defaults. */
export function readPaging(params: Record<string, string>, defaultCount: number): { page: number; count: number } {
  const page = Number(params[PAGE_PARAM] ?? 1);
  const count = Number(params.count ?? defaultCount);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    count: Number.isInteger(count) && count > 0 ? count : defaultCount,
  };
}

export function readSort<K extends string>(
  params: Record<string, string>,
  keys: readonly K[],
  fallback: { sortBy: K; order: SortOrder },
) {
  const sortBy = keys.includes(params.sortBy as K) ? (params.sortBy as K) : fallback.sortBy;
  const order: SortOrder = params.order === 'ASC' || params.order === 'DESC' ? params.order : fallback.order;
  return { sortBy, order };
}

/**
 * Clicking the active column flips its order; another column starts with its natural order
 * (A to Z for names, largest first for amounts and days).
 */
export function nextSort(
  active: { sortBy: string; order: SortOrder },
  column: string,
  firstOrder: SortOrder,
): ParamChanges {
  if (active.sortBy === column) return { sortBy: column, order: active.order === 'DESC' ? 'ASC' : 'DESC' };
  return { sortBy: column, order: firstOrder };
}

/**
 * A stable text of the named parameters: the key of a section's Suspense boundary, so that the
 * section shows its skeleton when its own inputs change and keeps its content otherwise.
 */
export function paramsKey(params: Record<string, string>, keys: readonly string[]): string {
  return keys
    .filter((key) => params[key] !== undefined)
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Only the named parameters: what one section reads, so other changes leave its cache key alone. */
export function pickParams(params: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => params[key] !== undefined).map((key) => [key, params[key]!]));
}

import type { z } from 'zod';
import type { RouteRequirement } from '@/lib/domain/access';
import type { UserType } from '@/lib/domain/features';

/**
 * The shape of every call of the product, declared once per call in `lib/contract/<domain>.ts`:
 * method, path (the spec's, under /api), who may make it, and the schemas of what goes in and
 * what comes out. Client-safe (no service in it): the browser client is built from it, and
 * `lib/server/calls/<domain>.ts` pairs each declaration with the service it runs.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * 'public': no session (sign-in, account recovery). 'signedIn': any session, for the user's own
 * account. Otherwise the user type and the page feature or permission needed, and whether a
 * customer user may make the call too (`customers`: the portal of their own customer; every call
 * without it answers them 403).
 */
export type CallAccess =
  'public' | 'signedIn' | { userType?: UserType; requirement: RouteRequirement | null; customers?: true };

/**
 * What a call answers: JSON checked against its schema; a page of rows with the total in the
 * x-totalrecords header; a file streamed as a download; or a redirect for the browser.
 */
export type CallAnswer =
  | { kind: 'json'; schema: z.ZodType; status: number }
  | { kind: 'paged'; row: z.ZodType }
  | { kind: 'file'; contentType: string }
  | { kind: 'redirect' };

export interface CallContract {
  method: HttpMethod;
  /** Under /api; `{name}` marks a path parameter, read with `params`. */
  path: string;
  access: CallAccess;
  /** One line for the API list: what the call is for. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body schema, or 'multipart' for a file upload the service reads itself. */
  body?: z.ZodType | 'multipart';
  answer: CallAnswer;
  /**
   * Spec section 4: a page section whose parameters did not change is not computed again. Pages keep
   * the answer per client, scope and parameters until the data update times or the day change.
   */
  cachedByParams?: boolean;
}

export const json = <S extends z.ZodType>(schema: S, status = 200) => ({ kind: 'json', schema, status }) as const;
export const paged = <S extends z.ZodType>(row: S) => ({ kind: 'paged', row }) as const;
export const file = (contentType: string) => ({ kind: 'file', contentType }) as const;
export const redirect = { kind: 'redirect' } as const;

/** Declares a call; `const` keeps every literal (method, path, schemas) in its type. */
export function call<const C extends CallContract>(contract: C): C {
  return contract;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Raw<S> = S extends z.ZodType ? z.input<S> : undefined;

export type CallParams<C extends CallContract> = Parsed<C['params']>;
export type CallQuery<C extends CallContract> = Parsed<C['query']>;
export type CallBody<C extends CallContract> = C['body'] extends z.ZodType ? z.output<C['body']> : undefined;

/** What a call answers, as the service returns it and the backend and the browser client give it back. */
export type CallResult<C extends CallContract> = C['answer'] extends { kind: 'json'; schema: infer S extends z.ZodType }
  ? z.output<S>
  : C['answer'] extends { kind: 'paged'; row: infer R extends z.ZodType }
    ? { rows: z.output<R>[]; total: number }
    : Response;

/** The inputs a caller gives: path parameters, query and body, before parsing (so raw URL strings are fine). */
export type CallInput<C extends CallContract> = (C['params'] extends z.ZodType
  ? { params: Raw<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: Raw<C['query']> | Record<string, unknown> } : { query?: undefined }) &
  (C['body'] extends z.ZodType
    ? { body: Raw<C['body']> }
    : C['body'] extends 'multipart'
      ? { body: FormData }
      : { body?: undefined });

/** `/tasks/{id}/close` with { id: 7 } → `/tasks/7/close` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

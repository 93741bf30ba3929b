import 'server-only';
import { ZodError } from 'zod';

/**
 * What a service may refuse, in the domain's words. Services never speak HTTP: the API gate
 * (`lib/server/api/errors.ts`) maps each kind to a status, and pages show their own message.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Messages keyed by the input field they concern, shown beside it in a form. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', message, fields);
export const unauthorized = (message = 'Sign in to continue') => new DomainError('unauthorized', message);
export const forbidden = (message = 'You do not have access to this') => new DomainError('forbidden', message);
export const notFound = (what = 'Resource') => new DomainError('not_found', `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new DomainError('conflict', message, fields);
export const tooLarge = (message: string, fields?: Record<string, string>) =>
  new DomainError('too_large', message, fields);
export const unsupportedType = (message: string) => new DomainError('unsupported_type', message);
export const rateLimited = (message: string) => new DomainError('rate_limited', message);

export const isNotFound = (error: unknown): boolean => error instanceof DomainError && error.kind === 'not_found';

/** A page link that names nothing (a bad parameter, or a record that is not there or not the user's): a 404 page. */
export const isInvalidOrMissing = (error: unknown): boolean => isNotFound(error) || error instanceof ZodError;

import 'server-only';

/** What a page may ask of a refusal from the backend: nothing there (a 404 page), or a link that names nothing. */
export { DomainError, isInvalidOrMissing, isNotFound } from '@/lib/server/domain-errors';
export { databaseWaitReason } from '@/lib/db/wait-errors';

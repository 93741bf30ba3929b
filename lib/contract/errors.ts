import { z } from 'zod';

/** Every API error answers this JSON body. */
export const ZApiError = z.object({
  error: z.enum([
    'bad_request',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'payload_too_large',
    'unsupported_media_type',
    'too_many_requests',
    'internal',
    'unavailable',
  ]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/**
 * Field messages keyed by the dotted path of the offending input, the first issue of each: the
 * server's 400 answers them, and forms show them before sending (lib/client/use-contract-form.ts).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

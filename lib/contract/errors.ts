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

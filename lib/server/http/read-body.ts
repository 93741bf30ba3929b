import 'server-only';
import { tooLarge } from '@/lib/server/domain-errors';

/**
 * The body's bytes, refused as soon as more than `maxBytes` have arrived: Content-Length is only a
 * claim (a chunked upload has none), so the count is of the bytes actually read.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number, what: string) {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`${what} is larger than ${formatBytes(maxBytes)}`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

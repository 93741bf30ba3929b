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

/** The body passed through, failing once more than `maxBytes` have arrived. */
export function cappedStream(body: ReadableStream<Uint8Array> | null, maxBytes: number) {
  let size = 0;
  let exceeded = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        exceeded = true;
        controller.error(new Error('upload too large'));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const stream = body ? body.pipeThrough(counter) : new Blob([]).stream();
  return { stream, exceeded: () => exceeded };
}

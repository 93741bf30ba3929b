import { describe, expect, it } from 'vitest';
import { cappedStream, readCapped } from '@/lib/server/http/read-body';

/** A body of `chunks` chunks of `size` bytes, with no length announced (as a chunked upload). */
function body(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(65));
    },
  });
}

describe('bodies are capped on the bytes actually read', () => {
  it('readCapped gives the bytes up to the cap and refuses one byte more', async () => {
    expect((await readCapped(body(4, 256), 1024, 'The body')).byteLength).toBe(1024);
    await expect(readCapped(body(5, 256), 1024, 'The body')).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('cappedStream passes a small body through and fails a large one, saying so', async () => {
    const small = cappedStream(body(2, 100), 1000);
    expect((await new Response(small.stream).arrayBuffer()).byteLength).toBe(200);
    expect(small.exceeded()).toBe(false);
    const large = cappedStream(body(20, 100), 1000);
    await expect(new Response(large.stream).arrayBuffer()).rejects.toThrow();
    expect(large.exceeded()).toBe(true);
  });
});

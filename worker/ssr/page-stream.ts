/**
 * React's streaming renderer writing a page into a byte stream, encoded once per flush.
 *
 * React's edge build encodes every piece of markup it writes (each attribute name and value,
 * each text) with its own `TextEncoder.encode` into a new `Uint8Array`; on a page of a few
 * thousand elements that was a fifth of the render's time, and the garbage collector's share
 * followed it (docs/benchmarks.md). Its Bun build is the same renderer handing its destination
 * JavaScript strings instead: the sink below joins them and encodes what a flush wrote in one
 * call, splicing in the pre-rendered parts' bytes at their markers (./static-parts.tsx). That
 * build needs nothing of Bun for what the store renders (only form-action state, unused here,
 * would call `Bun.hash`).
 */
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';
import type { FragmentRenderer } from '../../client/components/store-context';
import { splitAtParts } from './static-parts';

export interface PageStreamOptions {
  nonce?: string;
  signal?: AbortSignal;
  onError?: (error: unknown) => void;
  /** The request's fragment renderer: its markers are replaced by the parts it handed out. */
  fragment?: FragmentRenderer;
}

export interface PageStream {
  stream: ReadableStream<Uint8Array>;
  /** Settles when every Suspense boundary has rendered (crawlers and tests wait for it). */
  allReady: Promise<void>;
}

const encoder = new TextEncoder();

/** The Node-style writable React's pipeable renderer writes to: text is kept until React flushes. */
class PageSink {
  private text = '';

  constructor(
    private readonly controller: ReadableStreamDefaultController<Uint8Array>,
    private readonly fragment: FragmentRenderer | undefined,
  ) {}

  write(chunk: string): boolean {
    this.text += chunk;
    return true; // never full: React writes what it has, the stream's queue holds it
  }

  /** What React wrote since the last flush, as one chunk of bytes. */
  flush(): void {
    const { pieces, rest } = splitAtParts(this.text, this.fragment);
    this.text = rest;
    if (pieces.length === 0) return;
    const bytes = pieces.map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece));
    // One new buffer: the runtime takes over what is enqueued, and the parts' bytes are shared.
    const chunk = new Uint8Array(bytes.reduce((sum, b) => sum + b.length, 0));
    let offset = 0;
    for (const b of bytes) {
      chunk.set(b, offset);
      offset += b.length;
    }
    this.controller.enqueue(chunk);
  }

  end(): void {
    this.flush();
    if (this.text) this.controller.enqueue(encoder.encode(this.text));
    this.controller.close();
  }

  destroy(error: unknown): void {
    this.controller.error(error);
  }

  /** React listens for drain, error and close; this sink never emits them (cancelling the stream aborts the render). */
  on(): this {
    return this;
  }
}

/**
 * Renders `element`, resolving once the shell is ready (rejecting when it fails, so the caller
 * can render an error page instead), like `renderToReadableStream`.
 */
export function renderPageStream(element: ReactNode, options: PageStreamOptions): Promise<PageStream> {
  return new Promise((resolve, reject) => {
    let ready: () => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const allReady = new Promise<void>((res, rej) => {
      ready = res;
      failed = rej;
    });
    allReady.catch(() => {}); // only awaited by callers who want it
    const render = renderToPipeableStream(element, {
      nonce: options.nonce,
      onError: options.onError,
      onAllReady: () => ready(),
      onShellError(error) {
        failed(error);
        reject(error);
      },
      onShellReady() {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            render.pipe(new PageSink(controller, options.fragment) as unknown as NodeJS.WritableStream);
          },
          cancel(reason) {
            render.abort(reason);
          },
        });
        resolve({ stream, allReady });
      },
    });
    const { signal } = options;
    if (signal?.aborted) render.abort(signal.reason);
    else signal?.addEventListener('abort', () => render.abort(signal.reason), { once: true });
  });
}

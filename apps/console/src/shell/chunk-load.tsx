// Code-split chunks (docs/spec.md §8, §9): a chunk that fails or takes longer than 120 s raises a load error, which an
// error boundary shows with a retry, instead of a blank screen or a spinner that never ends.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A chunk did not arrive: the network failed, the file is gone (a new deployment), or it took too long. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly timedOut: boolean;

  constructor(message: string, { timedOut = false, cause }: { timedOut?: boolean; cause?: unknown } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.timedOut = timedOut;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Runs `load`, rejecting with a ChunkLoadError when it fails or has not settled after `timeoutMs`. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`chunk load timed out after ${timeoutMs} ms`, { timedOut: true }));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          isChunkLoadError(error)
            ? error
            : new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }),
        );
      },
    );
  });
}

// React.lazy keeps a rejected load for good; a retry needs a new lazy component for each failed one.
const failed = new Set<() => void>();

/** Makes the chunks that failed load again on their next render (the error boundary's retry). */
export function retryFailedChunks(): void {
  const resets = [...failed];
  failed.clear();
  for (const reset of resets) reset();
}

/** `React.lazy` with the chunk timeout, which loads again after `retryFailedChunks()` once it failed. */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      withChunkTimeout(load, timeoutMs).catch((error: unknown) => {
        failed.add(reset);
        throw error;
      }),
    );
  let current = make();
  function reset(): void {
    current = make();
  }
  function Loaded(props: P) {
    const Component = current;
    return <Component {...props} />;
  }
  return Loaded;
}

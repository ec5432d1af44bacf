import { type ComponentType, lazy } from "react";

/** Spec section 8: a code chunk that has not loaded after 120 seconds is a chunk-load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super("A part of Rollbook could not be loaded.", { cause });
    this.name = "ChunkLoadError";
  }
}

/** React.lazy over a module's default export, failing with ChunkLoadError on error or timeout. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError("timeout")), CHUNK_TIMEOUT_MS);
        load().then(
          (mod) => {
            clearTimeout(timer);
            resolve(mod);
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(err));
          },
        );
      }),
  );
}

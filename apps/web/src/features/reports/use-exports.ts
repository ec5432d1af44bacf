import { useSyncExternalStore } from "react";
import { type ExportJob, exportStore } from "./export-store.ts";

/** Every export of the app, re-rendering on each change. */
export function useExports(): readonly ExportJob[] {
  return useSyncExternalStore(exportStore.subscribe, exportStore.get, exportStore.get);
}

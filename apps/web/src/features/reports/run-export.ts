/**
 * Runs one report export against the store: streams the CSV, tells the store the total (from
 * x-total-count) and the rows received, then either downloads at once (the page's button showed
 * the progress) or, for a background export, keeps the file for the tray's Download button.
 */
import { fetchCsv, saveFile } from "../students/list/export-csv.ts";
import { type ExportStore, exportStore, isBackground } from "./export-store.ts";

const controllers = new Map<string, AbortController>();
let serial = 0;

/** Progress is told at most this often: a render per network chunk would be wasted work. */
const PROGRESS_EVERY_MS = 150;

export interface ExportRequest {
  report: string;
  title: string;
  path: string;
  file: string;
}

export interface ExportOutcome {
  /** "saved": downloaded at once; "kept": waiting in the tray; "cancelled" by the user. */
  outcome: "saved" | "kept" | "cancelled";
  rows: number;
  file: string;
}

/** Starts an export; resolves once the file is downloaded, kept for the tray or cancelled; rejects when it failed. */
export async function runExport(req: ExportRequest, store: ExportStore = exportStore): Promise<ExportOutcome> {
  const id = `export-${++serial}`;
  const controller = new AbortController();
  controllers.set(id, controller);
  store.dispatch({ type: "start", id, report: req.report, title: req.title, file: req.file });
  let background = false;
  let told = 0;
  try {
    const file = await fetchCsv(req.path, req.file, {
      signal: controller.signal,
      onHeaders: (headers) => {
        const raw = headers.get("x-total-count");
        const total = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
        background = isBackground(total);
        store.dispatch({ type: "headers", id, total });
      },
      onProgress: (received) => {
        const now = Date.now();
        if (now - told < PROGRESS_EVERY_MS) return;
        told = now;
        store.dispatch({ type: "progress", id, received });
      },
    });
    if (background) {
      // the server's file name ("status-2026-11-25.csv") over the page's fallback
      store.dispatch({ type: "done", id, rows: file.rows, url: URL.createObjectURL(file.blob), file: file.name });
      return { outcome: "kept", rows: file.rows, file: file.name };
    }
    saveFile(file.blob, file.name);
    store.dispatch({ type: "done", id, rows: file.rows, url: null });
    // the button's job is over: nothing is left to show for it
    store.dispatch({ type: "dismiss", id });
    return { outcome: "saved", rows: file.rows, file: file.name };
  } catch (err) {
    if (controller.signal.aborted) {
      store.dispatch({ type: "cancelled", id });
      return { outcome: "cancelled", rows: 0, file: req.file };
    }
    store.dispatch({ type: "failed", id, error: err instanceof Error ? err.message : "The export failed." });
    if (!background) store.dispatch({ type: "dismiss", id });
    throw err;
  } finally {
    controllers.delete(id);
  }
}

/** Stops a running export (the tray's and the button's Cancel). */
export function cancelExport(id: string) {
  controllers.get(id)?.abort();
}

/** Forgets a finished export, freeing its kept file. */
export function dismissExport(id: string, store: ExportStore = exportStore) {
  const job = store.get().find((j) => j.id === id);
  if (job?.state === "running") cancelExport(id);
  if (job?.url) URL.revokeObjectURL(job.url);
  store.dispatch({ type: "dismiss", id });
}

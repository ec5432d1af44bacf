import { describe, expect, it, vi } from "vitest";
import {
  createExportStore,
  EXPORT_BACKGROUND_ROWS,
  type ExportAction,
  type ExportJob,
  exportReducer,
  progressPercent,
  progressText,
  runningFor,
  trayJobs,
} from "./export-store.ts";

const start: ExportAction = { type: "start", id: "a", report: "Status", title: "Status report", file: "status.csv" };
const run = (...actions: ExportAction[]) => actions.reduce<readonly ExportJob[]>(exportReducer, []);

describe("the export progress store", () => {
  it("starts on the page's button, and moves to the tray past 10,000 rows", () => {
    const small = run(start, { type: "headers", id: "a", total: EXPORT_BACKGROUND_ROWS });
    expect(small[0]?.background).toBe(false);
    expect(trayJobs(small)).toEqual([]);
    expect(runningFor(small, "Status")?.id).toBe("a");
    const big = run(start, { type: "headers", id: "a", total: EXPORT_BACKGROUND_ROWS + 1 });
    expect(trayJobs(big).map((j) => j.id)).toEqual(["a"]);
  });

  it("counts rows up to the total, then offers the file", () => {
    const jobs = run(
      start,
      { type: "headers", id: "a", total: 20_000 },
      { type: "progress", id: "a", received: 5_000 },
      { type: "progress", id: "a", received: 4_000 },
    );
    expect(jobs[0]?.received).toBe(5_000);
    expect(progressPercent(jobs[0] as ExportJob)).toBe(25);
    expect(progressText(jobs[0] as ExportJob)).toBe("5,000 of 20,000 rows");
    const done = exportReducer(jobs, { type: "done", id: "a", rows: 20_000, url: "blob:x" });
    expect(done[0]).toMatchObject({ state: "done", received: 20_000, url: "blob:x" });
    expect(progressPercent(done[0] as ExportJob)).toBe(100);
    expect(runningFor(done, "Status")).toBeNull();
  });

  it("shows an unknown total as an indeterminate bar", () => {
    const jobs = run(start, { type: "progress", id: "a", received: 12 });
    expect(progressPercent(jobs[0] as ExportJob)).toBeNull();
    expect(progressText(jobs[0] as ExportJob)).toBe("12 rows");
  });

  it("takes nothing more once cancelled or failed", () => {
    const cancelled = run(
      start,
      { type: "cancelled", id: "a" },
      { type: "progress", id: "a", received: 50 },
      { type: "done", id: "a", rows: 50, url: "blob:y" },
    );
    expect(cancelled[0]).toMatchObject({ state: "cancelled", received: 0, url: null });
    const failed = run(start, { type: "failed", id: "a", error: "start_date is required" });
    expect(failed[0]).toMatchObject({ state: "failed", error: "start_date is required" });
  });

  it("forgets a dismissed job and keeps the others", () => {
    const jobs = run(start, { ...start, id: "b" }, { type: "dismiss", id: "a" });
    expect(jobs.map((j) => j.id)).toEqual(["b"]);
  });

  it("tells its subscribers of every change until they leave", () => {
    const store = createExportStore();
    const listener = vi.fn();
    const leave = store.subscribe(listener);
    store.dispatch(start);
    expect(store.get()).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(1);
    leave();
    store.dispatch({ type: "dismiss", id: "a" });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual([]);
  });
});

import { pipeline, Readable } from "node:stream";
import { and, inArray } from "drizzle-orm";
import { Scoped } from "../access/scoped.ts";
import type { Viewer } from "../access/viewer.ts";
import { devices, type students } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { afterRow, orderOf, type StudentFilter } from "../students/filter.ts";
import { type Cell, csvStream } from "./csv-cells.ts";

/** Rows read per statement: memory holds one batch, whatever the size of the school. */
export const EXPORT_BATCH = 1000;

export const STUDENT_COLUMNS = [
  "first_name",
  "last_name",
  "preferred_name",
  "email",
  "phone",
  "school_identifier",
  "weekly_apa",
  "semester_apa",
  "last_seen",
  "device",
] as const;

const apaCell = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/** "model (location on, bluetooth off)" of the active device; an empty cell without one. */
function deviceCell(d: typeof devices.$inferSelect | undefined): string | null {
  if (!d) return null;
  const name = d.model_name || d.type || "registered";
  const on = (b: boolean) => (b ? "on" : "off");
  return `${name} (location ${on(d.location_permission)}, bluetooth ${on(d.bluetooth_permission)})`;
}

/**
 * Every student of the filter the viewer may see, in the list's order, read in keyset batches
 * of `batch` (EXPORT_BATCH; tests page with fewer) through a fresh scope each (a scope's loaders
 * keep the rows they read). Pulled one batch at a time: nothing is read ahead of the consumer.
 * Text as stored: the CSV writer (csvStream) guards and quotes it, and writes last_seen on the
 * school's clock (decision 0823).
 */
export async function* studentRows(
  s: Services,
  viewer: Viewer,
  filter: StudentFilter,
  batch = EXPORT_BATCH,
): AsyncGenerator<Cell[]> {
  let lastId: number | null = null;
  for (;;) {
    const data = new Scoped(s, viewer);
    const rows: (typeof students.$inferSelect)[] = await data.rows("students", {
      where: and(filter.where, lastId === null ? undefined : afterRow(filter.keys, lastId)),
      orderBy: orderOf(filter.keys, filter.gather),
      limit: batch,
    });
    if (rows.length === 0) return;
    const deviceIds = rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id]));
    const found = deviceIds.length ? await data.rows("devices", { where: inArray(devices.id, deviceIds) }) : [];
    const byId = new Map(found.map((d) => [d.id, d]));
    for (const r of rows) {
      yield [
        r.first_name,
        r.last_name,
        r.preferred_name,
        r.email,
        r.phone,
        r.school_identifier,
        apaCell(r.weekly_apa),
        apaCell(r.semester_apa),
        r.last_seen,
        deviceCell(r.device_id === null ? undefined : byId.get(r.device_id)),
      ];
    }
    if (rows.length < batch) return;
    lastId = rows[rows.length - 1]!.id;
  }
}

/**
 * The CSV text of studentRows as a stream, header first, its times in the school's zone
 * (`timeZone`, schoolZone). A client that goes away destroys the stream, and the pipeline stops
 * the reads.
 */
export function studentsCsv(s: Services, viewer: Viewer, filter: StudentFilter, timeZone: string): Readable {
  const csv = csvStream(STUDENT_COLUMNS, timeZone);
  pipeline(Readable.from(studentRows(s, viewer, filter)), csv, (err) => {
    if (err && err.code !== "ERR_STREAM_PREMATURE_CLOSE") s.log.error({ err }, "students export failed");
  });
  return csv;
}

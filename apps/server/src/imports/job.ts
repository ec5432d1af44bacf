import { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../db/client.ts";
import { imports, schools, users } from "../db/schema/index.ts";
import { analyzeStale } from "../db/statistics.ts";
import { forgetStudent } from "../engine/state.ts";
import type { Services } from "../services.ts";
import { ChangedRows } from "./changed-rows.ts";
import { csvRows, FileProblem } from "./csv.ts";
import {
  IMPORT_BATCH,
  type ImportKind,
  MAX_LISTED_ERRORS,
  ONEROSTER_FILES,
  ONEROSTER_ORDER,
  OWN_COLUMNS,
  type OwnKind,
} from "./kinds.ts";
import {
  type BatchContext,
  importCourses,
  importEnrollments,
  importStudents,
  importUserCourses,
  importUsers,
  OWN_HANDLERS,
  type Row,
} from "./rows.ts";
import { readFile, removeFile } from "./store.ts";
import { entryStream, findEntry, ZipProblem, zipEntries } from "./zip.ts";

export type ImportRow = typeof imports.$inferSelect;
type RowError = ImportRow["row_errors"][number];

/** Tells the school's admins (the only ones who see imports) that an import moved. */
export function publishImport(s: Services, imp: { id: number; school_id: number }) {
  s.bus
    .publish({ type: "import.update", school_id: imp.school_id, ids: [imp.id] })
    .catch((err) => s.log.warn({ err }, "import.update not published"));
}

class Stopped extends Error {}

/**
 * Runs one import from its first row: a claimed import that was left `running` by a process
 * that died starts again, and since every row is matched (school_identifier, crn, e-mail, team
 * name) the rows it had written are updated, not duplicated. Batches of IMPORT_BATCH rows, each
 * followed by its progress and row errors, stored and pushed.
 */
export async function runImport(s: Services, id: number, shouldStop: () => boolean): Promise<void> {
  const db = s.db;
  const [imp] = await db
    .update(imports)
    .set({ status: "running", progress: 0, row_errors: [], finished_at: null })
    .where(and(eq(imports.id, id), inArray(imports.status, ["queued", "running"])))
    .returning();
  if (!imp) return;
  publishImport(s, imp);
  let progress = 0;
  let listed = 0;
  let unlisted = 0;
  let pending: RowError[] = [];
  const changed = new ChangedRows();
  const flush = async () => {
    pending.sort((a, b) => a.line - b.line);
    await db
      .update(imports)
      .set({ progress, row_errors: sql`${imports.row_errors} || ${JSON.stringify(pending)}::jsonb` })
      .where(eq(imports.id, id));
    pending = [];
    publishImport(s, imp);
  };
  const fail = (line: number, reason: string) => {
    if (listed < MAX_LISTED_ERRORS) {
      listed++;
      pending.push({ line, reason });
    } else unlisted++;
  };
  try {
    const [importer] = imp.user_id ? await db.select().from(users).where(eq(users.id, imp.user_id)) : [];
    if (!importer || importer.deleted_at || importer.school_id !== imp.school_id)
      throw new FileProblem("the user who uploaded the file is no longer an administrator of the school");
    const [school] = await db
      .select({ name: schools.name, late_time: schools.late_time, absent_time: schools.absent_time })
      .from(schools)
      .where(eq(schools.id, imp.school_id));
    const ctx: BatchContext = {
      db,
      importId: imp.id,
      schoolId: imp.school_id,
      thresholds: school ? { late_time: school.late_time, absent_time: school.absent_time } : null,
      importer: { id: importer.id, roleId: importer.role_id },
      fail,
      mail: {
        mailer: s.mailer,
        inviter: `${importer.first_name} ${importer.last_name}`,
        schoolName: school?.name,
        publicUrl: s.publicUrl,
      },
      changed,
    };
    const step = async (n: number) => {
      // the batch's rows are committed: the courses, teams and students it wrote, one message per kind
      await changed.publish(s, imp.school_id);
      progress += n;
      await flush();
      if (shouldStop()) throw new Stopped();
    };
    if (imp.kind === "oneroster") await runOneRoster(s, imp, ctx, step);
    else await runOwn(db, imp, imp.kind as OwnKind, ctx, step);
    if (unlisted)
      pending.push({
        line: 0,
        reason: `${unlisted} more ${unlisted === 1 ? "row" : "rows"} had errors: only the first ${MAX_LISTED_ERRORS} are listed`,
        rows: unlisted,
      });
    await db
      .update(imports)
      .set({
        status: "done",
        progress: sql`greatest(${imports.total_rows}, ${progress})`,
        total_rows: sql`greatest(${imports.total_rows}, ${progress})`,
        row_errors: sql`${imports.row_errors} || ${JSON.stringify(pending)}::jsonb`,
        finished_at: new Date(),
      })
      .where(eq(imports.id, id));
  } catch (e) {
    if (e instanceof Stopped) return; // left `running`: the next process to start picks it up
    const reason =
      e instanceof FileProblem || e instanceof ZipProblem
        ? e.message
        : `the import stopped after ${progress} rows: ${(e as Error).message ?? e}`;
    if (!(e instanceof FileProblem || e instanceof ZipProblem)) s.log.error({ err: e, import: id }, "import failed");
    await db
      .update(imports)
      .set({
        status: "failed",
        progress,
        row_errors: sql`${imports.row_errors} || ${JSON.stringify([...pending, { line: 0, reason }])}::jsonb`,
        finished_at: new Date(),
      })
      .where(eq(imports.id, id));
  }
  // rows a failed batch wrote before it stopped are stored too
  await changed.publish(s, imp.school_id);
  await removeFile(db, id).catch((err) => s.log.warn({ err }, "import file not removed"));
  if (imp.kind !== "users") forgetStudent(s);
  publishImport(s, imp);
  // PGlite has no autovacuum: the tables the import filled get their planner statistics now (decision 0126)
  if (s.dbKind === "pglite")
    await analyzeStale(db).catch((err) => s.log.warn({ err }, "ANALYZE after the import failed"));
}

async function* batches(rows: AsyncIterable<Row>, size = IMPORT_BATCH): AsyncGenerator<Row[]> {
  let b: Row[] = [];
  for await (const r of rows) {
    b.push(r);
    if (b.length >= size) {
      yield b;
      b = [];
    }
  }
  if (b.length) yield b;
}

/** Rows with more cells than the header are errors; the others go on. */
function wellFormed(ctx: BatchContext, batch: Row[], headerSize: number, prefix = ""): Row[] {
  return batch.filter((r) => {
    if (r.v.__extra === undefined) return true;
    ctx.fail(r.line, `${prefix}the row has ${r.v.__extra} cells, the header ${headerSize}`);
    return false;
  });
}

async function runOwn(db: Db, imp: ImportRow, kind: OwnKind, ctx: BatchContext, step: (n: number) => Promise<void>) {
  const columns = OWN_COLUMNS[kind];
  if (!columns) throw new FileProblem(`unknown import kind "${kind}"`);
  const rows = csvRows(Readable.from(readFile(db, imp.id)), columns, { strict: true, what: "the file" });
  for await (const batch of batches(rows)) {
    const good = wellFormed(ctx, batch, Object.keys(batch[0]?.v ?? {}).length);
    if (good.length) await OWN_HANDLERS[kind](ctx, good);
    await step(batch.length);
  }
}

type Target = { kind: "student"; key: string } | { kind: "user"; key: string };

/** OneRoster roles and what they become (decision 0970); others are skipped. */
const STAFF_ROLES: Record<string, string> = { teacher: "judge", administrator: "school_admin" };

async function runOneRoster(s: Services, imp: ImportRow, ctx: BatchContext, step: (n: number) => Promise<void>) {
  const db = s.db;
  const entries = await zipEntries(db, imp.id);
  const people = new Map<string, Target>();
  const classes = new Map<string, string>();
  for (const file of ONEROSTER_ORDER) {
    const entry = findEntry(entries, file);
    if (!entry) continue;
    const prefixed: BatchContext = { ...ctx, fail: (line, reason) => ctx.fail(line, `${file}: ${reason}`) };
    const rows = csvRows(await entryStream(db, imp.id, entry), ONEROSTER_FILES[file], { strict: false, what: file });
    for await (const raw of batches(rows)) {
      const batch = wellFormed(prefixed, raw, Object.keys(raw[0]?.v ?? {}).length);
      const live = batch.filter((r) => (r.v.status ?? "").trim().toLowerCase() !== "tobedeleted");
      const c = (r: Row, k: string) => (r.v[k] ?? "").trim();
      if (file === "users.csv") {
        const studs: Row[] = [];
        const staff: Row[] = [];
        for (const r of live) {
          const role = c(r, "role").toLowerCase();
          if (role === "student") {
            const key = c(r, "identifier") || c(r, "sourcedId");
            people.set(c(r, "sourcedId"), { kind: "student", key });
            const v: Record<string, string> = {
              school_identifier: key,
              first_name: c(r, "givenName"),
              last_name: c(r, "familyName"),
            };
            // an empty e-mail clears it, as an empty cell of our own layout does
            v.email = c(r, "email");
            studs.push({ line: r.line, v });
          } else if (STAFF_ROLES[role]) {
            const email = c(r, "email");
            if (!email) {
              prefixed.fail(r.line, "email: is required for a teacher or administrator (users are matched by e-mail)");
              continue;
            }
            people.set(c(r, "sourcedId"), { kind: "user", key: email.toLowerCase() });
            const v: Record<string, string> = {
              email,
              first_name: c(r, "givenName"),
              last_name: c(r, "familyName"),
              role: STAFF_ROLES[role] as string,
            };
            staff.push({ line: r.line, v });
          }
        }
        if (studs.length) await importStudents(prefixed, studs);
        if (staff.length) await importUsers(prefixed, staff);
      } else if (file === "classes.csv") {
        const rowsOut: Row[] = [];
        for (const r of live) {
          const crn = c(r, "classCode") || c(r, "sourcedId");
          classes.set(c(r, "sourcedId"), crn);
          rowsOut.push({ line: r.line, v: { crn, title: c(r, "title") } });
        }
        // OneRoster gives no times or days: a new course waits for its schedule (decision 0970)
        if (rowsOut.length)
          await importCourses(
            { ...prefixed, courseDefaults: { start_time: "08:00", end_time: "09:00", is_indefinite: true } },
            rowsOut,
          );
      } else if (file === "enrollments.csv") {
        const studs: Row[] = [];
        const staff: Row[] = [];
        for (const r of live) {
          const role = c(r, "role").toLowerCase();
          if (role !== "student" && !STAFF_ROLES[role]) continue;
          const who = people.get(c(r, "userSourcedId"));
          const crn = classes.get(c(r, "classSourcedId"));
          if (!who)
            prefixed.fail(
              r.line,
              `userSourcedId: "${c(r, "userSourcedId")}" is not a student, teacher or administrator of users.csv`,
            );
          else if (!crn)
            prefixed.fail(r.line, `classSourcedId: "${c(r, "classSourcedId")}" is not a class of classes.csv`);
          else if (who.kind === "student") studs.push({ line: r.line, v: { school_identifier: who.key, crn } });
          else staff.push({ line: r.line, v: { email: who.key, crn } });
        }
        if (studs.length) await importEnrollments(prefixed, studs);
        if (staff.length) await importUserCourses(prefixed, staff);
      }
      await step(raw.length);
    }
  }
}

// ---- the worker: which process runs which import ----

/** Advisory-lock keys: one import is run by one process; one school's imports run one at a time. */
const LOCK_IMPORT = 727013;
const LOCK_SCHOOL = 727014;

export interface ImportWorker {
  /** look for queued imports now (after an upload) */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Every `intervalMs` (and on kick) each server process looks for imports `queued`, or
 * `running` with nobody running them, and claims one with PostgreSQL advisory locks held by a
 * connection of its own for the whole run (pg_try_advisory_lock: the equivalent of `for update
 * skip locked` that also frees itself when the process dies, so a crashed run is claimed again
 * by the next sweep). PGlite has one process (its data directory is locked): a set in memory.
 */
export function startImportWorker(s: Services, intervalMs = 2000): ImportWorker {
  /** The driver under Drizzle: a pg Pool, or the PGlite instance (both answer query(text, params)). */
  const driver = () =>
    (s.db as unknown as { $client: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> } }).$client;
  const running = new Map<number, Promise<void>>();
  const busySchools = new Set<number>();
  let stopped = false;
  let sweeping = false;
  let again = false;

  const claimPg = async (id: number, schoolId: number) => {
    const client = await (driver() as unknown as pg.Pool).connect();
    try {
      const r = await client.query("select pg_try_advisory_lock($1, $2) as a, pg_try_advisory_lock($3, $4) as b", [
        LOCK_IMPORT,
        id,
        LOCK_SCHOOL,
        schoolId,
      ]);
      const { a, b } = r.rows[0] as { a: boolean; b: boolean };
      if (a && b) {
        // a process that finished it since the sweep read it: nothing to do
        const [still] = (await client.query<{ status: string }>("select status from imports where id = $1", [id])).rows;
        if (still && (still.status === "queued" || still.status === "running")) return client;
      }
      await client.query("select pg_advisory_unlock_all()");
      client.release();
      return null;
    } catch (e) {
      client.release(e as Error);
      throw e;
    }
  };

  const run = (id: number, schoolId: number, client: pg.PoolClient | null) => {
    busySchools.add(schoolId);
    const p = runImport(s, id, () => stopped)
      .catch((err) => s.log.error({ err, import: id }, "import run failed"))
      .finally(async () => {
        if (client) {
          await client.query("select pg_advisory_unlock_all()").catch(() => {});
          client.release();
        }
        running.delete(id);
        busySchools.delete(schoolId);
        if (!stopped) kick();
      });
    running.set(id, p);
  };

  const sweep = async () => {
    if (stopped) return;
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = true;
    try {
      // through the driver, not Drizzle: an idle sweep is not one of the statements that tests
      // count per request (access/batched-relations.test.ts)
      const open = (
        await driver().query<{ id: number; school_id: number }>(
          "select id, school_id from imports where status in ('queued', 'running') order by id limit 50",
        )
      ).rows;
      for (const imp of open) {
        if (stopped || running.has(imp.id) || busySchools.has(imp.school_id)) continue;
        if (s.dbKind === "pglite") run(imp.id, imp.school_id, null);
        else {
          const client = await claimPg(imp.id, imp.school_id);
          if (client) run(imp.id, imp.school_id, client);
        }
      }
    } catch (err) {
      if (!stopped) s.log.warn({ err }, "import sweep failed");
    } finally {
      sweeping = false;
      if (again && !stopped) {
        again = false;
        void sweep();
      }
    }
  };

  const kick = () => void sweep();
  // PGlite is one process: its imports come from its own uploads (kick) or were left by its own
  // previous run (the first sweep below); only several PostgreSQL processes need to look again
  const timer = intervalMs > 0 && s.dbKind === "postgres" ? setInterval(kick, intervalMs) : undefined;
  timer?.unref();
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

export type { ImportKind };

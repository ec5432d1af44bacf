import { tokenHolder, tokenLookupForms } from "@rollbook/domain";
import DataLoader from "dataloader";
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { devices, schools, students } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { engineState, type StudentContext } from "./state.ts";

async function loadAll(db: Db, where: SQL | undefined, limit: number): Promise<StudentContext[]> {
  const rows = await db
    .select({
      id: students.id,
      school_id: students.school_id,
      token: students.token,
      device_id: students.device_id,
      device_token: devices.token,
      timezone: schools.timezone,
      late_time: schools.late_time,
      absent_time: schools.absent_time,
      leave_time: schools.leave_time,
      review_threshold: schools.review_threshold,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.school_id))
    .leftJoin(devices, eq(devices.id, students.device_id))
    .where(and(where, isNull(students.deleted_at)))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    school_id: row.school_id,
    token: row.token,
    device_id: row.device_id,
    device_token: row.device_token,
    timezone: row.timezone,
    // min_percentage has no school column: a session counts whole unless the course or event says otherwise
    school: {
      late_time: row.late_time,
      absent_time: row.absent_time,
      leave_time: row.leave_time,
      min_percentage: 0,
      review_threshold: row.review_threshold,
    },
  }));
}

const load = async (db: Db, where: SQL | undefined) => (await loadAll(db, where, 1))[0] ?? null;

export const studentById = (db: Db, id: number) => load(db, eq(students.id, id));

/**
 * The students a sent token may name: as sent and, when it has lowercase letters, in uppercase
 * (decision 0404). One statement on the unique token index whichever form matches.
 */
const byTokenForms = (db: Db, sent: readonly string[]) => {
  const forms = [...new Set(sent.flatMap(tokenLookupForms))];
  return loadAll(db, inArray(students.token, forms), forms.length);
};

/**
 * The student a personal token belongs to, typed in any case, fresh from the database; refreshes
 * the cache, which is keyed by the token as sent.
 */
export async function studentByToken(s: Services, token: string): Promise<StudentContext | null> {
  if (!token || token.length > 200) return null;
  const st = engineState(s);
  const student = tokenHolder(token, await byTokenForms(s.db, [token]));
  if (student) st.byToken.set(token, student);
  else st.byToken.delete(token);
  return student;
}

/**
 * Tokens the cache lacks, read together: the requests Node read in one turn of the event loop ask
 * in one query (at the first bell, or after a cache clear, every phone misses at once; decision 0569).
 */
const loaders = new WeakMap<Services, DataLoader<string, StudentContext | null>>();
function tokenLoader(s: Services) {
  let l = loaders.get(s);
  if (!l) {
    l = new DataLoader<string, StudentContext | null>(
      async (tokens) => {
        const found = await byTokenForms(s.db, tokens);
        const byToken = new Map(found.map((x) => [x.token, x]));
        return tokens.map((t) =>
          tokenHolder(
            t,
            tokenLookupForms(t).map((form) => byToken.get(form)),
          ),
        );
      },
      // the engine's LRU is the cache; the loader only batches
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
    loaders.set(s, l);
  }
  return l;
}

/** From the cache when possible: only for callers that re-check the token in their own query. */
export async function studentByTokenCached(s: Services, token: string): Promise<StudentContext | null> {
  if (!token || token.length > 200) return null;
  const st = engineState(s);
  const hit = st.byToken.get(token);
  if (hit) return hit;
  const student = await tokenLoader(s).load(token);
  if (student) st.byToken.set(token, student);
  return student;
}

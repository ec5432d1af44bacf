import { and, eq, inArray, isNull, like } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema/index.ts";
import type { Services } from "../services.ts";

export type SettledTask = { id: number; user_id: number; school_id: number };

/**
 * Closes the open tasks of attendance rows: every task (reviews and absence follow-ups) when the
 * session was called off (a cancellation or a closure: nothing is left to review or follow up),
 * or only the reviews (`reviewsOnly`, an override answers them). A task raised again later opens again.
 */
export async function settleTasksOf(
  db: Db,
  attendanceIds: readonly number[],
  now: Date,
  { reviewsOnly = false } = {},
): Promise<SettledTask[]> {
  if (attendanceIds.length === 0) return [];
  return db
    .update(tasks)
    .set({ deleted_at: now })
    .where(
      and(
        eq(tasks.taskable_type, "attendance"),
        inArray(tasks.taskable_id, [...attendanceIds]),
        reviewsOnly ? like(tasks.description, "Review:%") : undefined,
        isNull(tasks.deleted_at),
      ),
    )
    .returning({ id: tasks.id, user_id: tasks.user_id, school_id: tasks.school_id });
}

/** Tells each task's owner that it closed (after the commit): their task list drops it. */
export async function publishSettled(s: Services, settled: readonly SettledTask[]): Promise<void> {
  for (const t of settled) {
    try {
      await s.bus.publish({ type: "task.update", school_id: t.school_id, ids: [t.id], user_id: t.user_id });
    } catch (err) {
      s.log.warn({ err }, "task push failed");
    }
  }
}

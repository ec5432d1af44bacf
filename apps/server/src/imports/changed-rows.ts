import type { NamingPushType } from "../realtime/messages.ts";
import { publishRows } from "../realtime/publish-row.ts";
import type { Services } from "../services.ts";

/**
 * The courses, events, teams and students an import wrote (created, edited, staff assigned,
 * students enrolled or added to a team) since its last step. Once a batch's rows are committed,
 * `publish` sends one message per kind naming them all (student.update with its `student_ids`,
 * as publishRows does), so open lists and pages refetch as after an edit by hand (decision 0200):
 * one message per row would fill the replay log, which holds 1,000, and stop every browser's resume.
 */
export class ChangedRows {
  private readonly byType = new Map<NamingPushType, Set<number>>();

  add(type: NamingPushType, ids: Iterable<number>) {
    const set = this.byType.get(type) ?? new Set<number>();
    for (const id of ids) set.add(id);
    this.byType.set(type, set);
  }

  async publish(s: Pick<Services, "bus" | "log">, schoolId: number) {
    const pending = [...this.byType];
    this.byType.clear();
    for (const [type, ids] of pending) if (ids.size) await publishRows(s, type, schoolId, [...ids]);
  }
}

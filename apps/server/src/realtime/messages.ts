/**
 * What the push channel carries. Publishers (the attendance engine, task
 * creation, staff mutations) describe what changed; the channel decides per
 * connected user, re-checking access, whether they receive it.
 */
export type PushType = "student.update" | "attendance.update" | "task.update";

export interface PushMessage {
  type: PushType;
  school_id: number;
  /** ids of the rows concerned: student ids, attendance ids or task ids, by type */
  ids: number[];
  /** students concerned, used for the access re-check */
  student_ids?: number[];
  /** the course or event concerned, when there is one */
  attendable?: { type: "course" | "event"; id: number };
  /** for task.update: the one user the task belongs to */
  user_id?: number;
}

export interface Bus {
  publish(message: PushMessage): Promise<void>;
  close(): Promise<void>;
}

/** Used until the realtime module provides the in-process and Redis buses. */
export const nullBus: Bus = {
  async publish() {},
  async close() {},
};

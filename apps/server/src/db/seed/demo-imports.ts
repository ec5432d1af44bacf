import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";

/**
 * Two past imports of the demo school (issue 13, decision 0970): a finished students import with
 * two rows refused, and a failed one (a file whose header did not fit is refused at upload and
 * leaves no import, so a failure is a job that stopped: the importer lost the admin role). The
 * failed one is the advisor's, who is not an admin: a school admin shown as its uploader read as
 * if the reason were wrong (QA, stop 31).
 */
export async function seedDemoImports(
  db: Db,
  schoolId: number,
  users: { admin: number; formerAdmin: number },
  now: Date,
) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000);
  await db.insert(t.imports).values([
    {
      school_id: schoolId,
      user_id: users.admin,
      kind: "students",
      status: "done",
      progress: 120,
      total_rows: 120,
      row_errors: [
        { line: 14, reason: "email: must be a valid e-mail address" },
        { line: 87, reason: "school_identifier: is required (it matches the participant on a re-run)" },
      ],
      created_at: at(50),
      finished_at: at(50),
    },
    {
      school_id: schoolId,
      user_id: users.formerAdmin,
      kind: "courses",
      status: "failed",
      progress: 0,
      total_rows: 12,
      row_errors: [{ line: 0, reason: "the user who uploaded the file is no longer an administrator of the school" }],
      created_at: at(26),
      finished_at: at(26),
    },
  ]);
}

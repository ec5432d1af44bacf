import type { BulkResult } from "../../students/bulk.ts";
import { builder } from "../builder.ts";

export const BulkResultRef = builder.objectRef<BulkResult>("BulkResult").implement({
  description: "The students a bulk call changed (those already in the asked state are not counted).",
  fields: (t) => ({
    student_ids: t.exposeIntList("student_ids"),
    changed: t.int({ resolve: (r) => r.student_ids.length }),
  }),
});

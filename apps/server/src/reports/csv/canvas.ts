import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { type CanvasReportArgs, type CanvasRow, canvasCount, canvasOrder, canvasRows, checkCanvas } from "../canvas.ts";
import { idList, type ReportExport } from "./report-export.ts";
import { keysetBatches, sortOf } from "./school-batches.ts";

/**
 * The Canvas report as a file Canvas's gradebook import takes (docs/decisions/0810-canvas-gradebook.md):
 * one row per student and course, matched on SIS User ID, the course's CRN as Section, and one
 * "Attendance" column of percentages (empty when no session counted). In student id order, not
 * the screen's sort: a keyset over the pairs keeps each batch small (Canvas ignores the order).
 */
export const canvasExport: ReportExport<CanvasReportArgs> = {
  page: "Canvas",
  file: "canvas-gradebook",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const args: CanvasReportArgs = {
      classes: idList(q, "classes"),
      start_date: q.start_date || null,
      end_date: q.end_date || null,
      ...sortOf(q),
    };
    checkCanvas(args);
    canvasOrder(args);
    return args;
  },
  header: ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Attendance"],
  count: (data, args) => canvasCount(data, checkCanvas(args)),
  rows: (scope, args) =>
    keysetBatches<CanvasRow>(
      scope,
      // each batch: the next pairs by student_course's key, then their attendance grouped (by
      // student, index attendance_student_meets): the range is read once over the whole file
      (data, after, limit) => canvasRows(data, checkCanvas(args), { key: "key", after }, limit, 0),
      // Canvas's "Student" is the sortable name; its own user ID and the login we do not know
      (r) => [`${r.last_name}, ${r.first_name}`, null, r.school_identifier, null, r.crn, r.percentage],
    ),
};

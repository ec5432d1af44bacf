import { formatCount, IMPORT_KINDS, type ImportKind, OWN_COLUMNS } from "@rollbook/domain";

/** The kinds of import with their columns (the domain's, which the server checks) and their help. */
export { IMPORT_KINDS, type ImportKind };

export interface KindInfo {
  label: string;
  required: string[];
  optional: string[];
  /** what the file is: one CSV, or the OneRoster zip */
  accept: string;
  hint: string;
}

export const KINDS: Record<ImportKind, KindInfo> = {
  students: {
    label: "Participants (students)",
    required: [...OWN_COLUMNS.students.required],
    optional: [...OWN_COLUMNS.students.optional],
    accept: ".csv,text/csv",
    hint: "Matched by school_identifier: a second import updates the participant.",
  },
  courses: {
    label: "Recurring classes (courses)",
    required: [...OWN_COLUMNS.courses.required],
    optional: [...OWN_COLUMNS.courses.optional],
    accept: ".csv,text/csv",
    hint: "Matched by crn. days as Su M Tu W Th F Sa (e.g. M W F); times as HH:MM; dates as YYYY-MM-DD.",
  },
  enrollments: {
    label: "Enrollments (participant to class)",
    required: [...OWN_COLUMNS.enrollments.required],
    optional: [...OWN_COLUMNS.enrollments.optional],
    accept: ".csv,text/csv",
    hint: "One row per participant and class; both must exist already.",
  },
  teams: {
    label: "Groups (teams) and members",
    required: [...OWN_COLUMNS.teams.required],
    optional: [...OWN_COLUMNS.teams.optional],
    accept: ".csv,text/csv",
    hint: "Matched by name. A row with a school_identifier adds that participant to the group.",
  },
  users: {
    label: "Users (staff)",
    required: [...OWN_COLUMNS.users.required],
    optional: [...OWN_COLUMNS.users.optional],
    accept: ".csv,text/csv",
    hint: "Matched by e-mail: a user of the school is updated, any other address is invited (mailed a link). role: a role you may grant (e.g. judge, staff, academic_advisor).",
  },
  oneroster: {
    label: "OneRoster 1.1 (zip)",
    required: ["users.csv", "classes.csv", "enrollments.csv"],
    optional: ["orgs.csv", "manifest.csv"],
    accept: ".zip,application/zip",
    hint: "The zip of a OneRoster 1.1 CSV export: students, teachers and administrators (invited by e-mail), classes and enrollments.",
  },
};

/** Where the samples live in the repository (docs/samples). */
export const SAMPLE_NOTE =
  "Samples of every kind are in docs/samples of the Rollbook repository; docs/imports.md describes each column.";

export const isDone = (status: string) => status === "done" || status === "failed";

/** 1 -> "1 row", 2400 -> "2,400 rows". */
export const rowsWord = (n: number) => `${formatCount(n)} ${n === 1 ? "row" : "rows"}`;

export function percent(progress: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((progress / total) * 100));
}

/**
 * The import layouts (issue 13, decision 0970): the project's own CSV layouts, one kind per file,
 * documented in docs/imports.md, and OneRoster 1.1 (a zip). The server checks headers against
 * them and the web app shows them beside the upload: one list for both.
 */
export const OWN_KINDS = ["students", "courses", "enrollments", "teams", "users"] as const;
export type OwnKind = (typeof OWN_KINDS)[number];
export const IMPORT_KINDS = [...OWN_KINDS, "oneroster"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface Columns {
  required: readonly string[];
  optional: readonly string[];
}

/** The own layouts: a header row with these names, in any order; unknown names are refused. */
export const OWN_COLUMNS: Record<OwnKind, Columns> = {
  students: {
    required: ["school_identifier", "first_name", "last_name"],
    optional: [
      "preferred_name",
      "email",
      "phone",
      "age",
      "pid_number",
      "zip",
      "date_of_birth",
      "is_veteran",
      "housing",
      "employment",
      "sexual_identity",
      "gender",
      "sex",
      "race",
    ],
  },
  courses: {
    required: ["crn", "title"],
    optional: [
      "course_number",
      "subject",
      "start_time",
      "end_time",
      "days",
      "semester_start",
      "semester_end",
      "is_indefinite",
      "late_time",
      "absent_time",
      "min_percentage",
    ],
  },
  enrollments: { required: ["school_identifier", "crn"], optional: [] },
  teams: { required: ["name"], optional: ["tag", "is_sport", "visibility", "school_identifier"] },
  users: { required: ["email", "first_name", "role"], optional: ["last_name", "phone_number"] },
};

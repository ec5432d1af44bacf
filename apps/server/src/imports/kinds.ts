import { type Columns, IMPORT_KINDS, type ImportKind } from "@rollbook/domain";

/**
 * What an import may be: the layouts of packages/domain/src/imports (own CSV kinds and OneRoster
 * 1.1), and what the server needs besides: limits, OneRoster's files, the header check.
 */
export { type Columns, IMPORT_KINDS, type ImportKind, OWN_COLUMNS, OWN_KINDS, type OwnKind } from "@rollbook/domain";

export const isImportKind = (k: unknown): k is ImportKind => IMPORT_KINDS.includes(k as ImportKind);

/** The largest file an import takes (the body of the upload, zip or CSV). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Rows written per statement (and per progress step). */
export const IMPORT_BATCH = 1000;
/** Row errors kept per import; past it one line says how many more there were. */
export const MAX_LISTED_ERRORS = 1000;

/** OneRoster 1.1 CSV files read, with the columns this import needs from each (others are ignored). */
export const ONEROSTER_FILES = {
  "orgs.csv": { required: ["sourcedId", "name", "type"], optional: [] },
  "users.csv": {
    required: ["sourcedId", "role", "givenName", "familyName"],
    optional: ["status", "enabledUser", "identifier", "email", "phone", "sms", "middleName", "username"],
  },
  "classes.csv": { required: ["sourcedId", "title"], optional: ["status", "classCode", "courseSourcedId"] },
  "enrollments.csv": { required: ["sourcedId", "classSourcedId", "userSourcedId", "role"], optional: ["status"] },
} as const satisfies Record<string, Columns>;
export type OneRosterFile = keyof typeof ONEROSTER_FILES;
/** The order they are read in: users and classes before the enrollments that name them. */
export const ONEROSTER_ORDER: readonly OneRosterFile[] = ["orgs.csv", "users.csv", "classes.csv", "enrollments.csv"];

/** Why a header does not fit, naming the columns; null when it does. */
export function headerProblem(header: string[], columns: Columns, strict: boolean): string | null {
  const names = header.map((h) => h.trim());
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) return `the column "${n}" appears twice in the header`;
    seen.add(n);
  }
  const missing = columns.required.filter((c) => !seen.has(c));
  if (missing.length)
    return `the header lacks the column${missing.length > 1 ? "s" : ""} ${missing.map((m) => `"${m}"`).join(", ")} (expected ${[...columns.required, ...columns.optional].join(",")})`;
  if (strict) {
    const known = new Set([...columns.required, ...columns.optional]);
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length)
      return `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")} in the header (expected ${[...columns.required, ...columns.optional].join(",")})`;
  }
  return null;
}

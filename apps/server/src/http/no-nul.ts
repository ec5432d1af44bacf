/**
 * PostgreSQL text cannot hold U+0000: a string with one fails in the database as
 * an internal error, so requests carrying one are refused up front as client mistakes.
 */
export const NUL_MESSAGE = "may not contain the character U+0000";

/** The dotted path of the first string holding U+0000 ("" for the value itself), or null. */
export function findNul(value: unknown, at = "", depth = 0): string | null {
  if (typeof value === "string") return value.includes("\0") ? at : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const found = findNul(v, at ? `${at}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

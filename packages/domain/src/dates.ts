/** What a field that fails isValidDate is told: the form and the range of years. */
export const DATE_PROBLEM = "must be a date (YYYY-MM-DD) from 1900-01-01 to 2199-12-31";

/** A real calendar date written YYYY-MM-DD (years 1900-2199): "2026-02-30" is not one. */
export function isValidDate(value: string): boolean {
  if (!/^(19|20|21)\d{2}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** Reading a CSV answer in tests, as a spreadsheet would. */

/** RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** The value a guarded cell stood for (safeCell prefixes a formula with an apostrophe). */
export const unguard = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/**
 * The raw file holds `value` as one quoted field (RFC 4180, quotes doubled) between separators or
 * line ends: one text cell whatever the spreadsheet's list separator ("," or ";"). Answers what was
 * found instead, or null when it is there.
 */
export function quotedCellProblem(file: string, value: string): string | null {
  const field = `"${value.replace(/"/g, '""')}"`;
  const found: string[] = [];
  for (let at = file.indexOf(field); at >= 0; at = file.indexOf(field, at + 1)) {
    const before = at === 0 ? "\n" : file[at - 1];
    const after = file[at + field.length] ?? "\n";
    if ((before === "," || before === "\n") && (after === "," || after === "\n")) return null;
    found.push(`${JSON.stringify(before)} before and ${JSON.stringify(after)} after`);
  }
  return `${JSON.stringify(value)} is not one quoted cell (${found.join("; ") || "no quoted field"}) in:\n${file}`;
}

/**
 * The raw file holds `value` as one bare (unquoted) field between separators or line ends, and
 * nowhere quoted. Answers what was found instead, or null when it is so.
 */
export function bareCellProblem(file: string, value: string): string | null {
  const quoted = `"${value.replace(/"/g, '""')}"`;
  if (file.includes(quoted)) return `${JSON.stringify(value)} is quoted (${quoted}) in:\n${file}`;
  for (let at = file.indexOf(value); at >= 0; at = file.indexOf(value, at + 1)) {
    const before = at === 0 ? "\n" : file[at - 1];
    const after = file[at + value.length] ?? "\n";
    if ((before === "," || before === "\n") && (after === "," || after === "\n")) return null;
  }
  return `${JSON.stringify(value)} is not one bare cell in:\n${file}`;
}

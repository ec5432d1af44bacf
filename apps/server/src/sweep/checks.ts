/**
 * What the attacker's sweep (decision 0421) holds every answer to. An answer "leaks internals"
 * when its text has any of these: the masked message of an error we did not raise (Yoga's
 * "Unexpected error.", the REST "Internal server error"), a stack frame, the text of a failed SQL
 * statement or a database error, a JavaScript runtime error's wording, or the debugging extensions
 * Yoga adds outside production (originalError, stacktrace).
 */
const LEAKS: [RegExp, string][] = [
  [/Unexpected error/i, "the masked message of an internal error"],
  [/Internal server error/i, "the masked message of an internal error"],
  [/\n\s+at |\bat [^\s]+ \([^)]*:\d+:\d+\)|\.(ts|js):\d+:\d+/, "a stack frame"],
  [/Failed query|syntax error at or near|violates [a-z -]*constraint|duplicate key value/i, "SQL text"],
  [/\b(relation|column|table) "[^"]+"|invalid input syntax for|out of range for type|bind message/i, "SQL text"],
  [/\b(PGlite|drizzle|postgres(ql)? error|ECONNREFUSED)\b/i, "a database's name in an error"],
  [/Cannot read propert|is not a function|is not defined|is not iterable|Maximum call stack/, "a JavaScript error"],
  [/\b(TypeError|RangeError|ReferenceError|SyntaxError)\b|Invalid time value|\[object Object\]/, "a JavaScript error"],
];

export function leakIn(text: string): string | null {
  for (const [re, what] of LEAKS) {
    const m = re.exec(text);
    if (m) return `${what} (${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 80))})`;
  }
  return null;
}

/** A refusal's whole message that says nothing of what is wrong (a framework's default). */
export const vague = (message: unknown) =>
  typeof message !== "string" || /^\s*(bad request|invalid request|error|unknown error)?\.?\s*$/i.test(message);

export interface GqlError {
  message: string;
  extensions?: Record<string, unknown>;
}

/**
 * The problems of one GraphQL answer: a 5xx, an internal or leaking error, or a BAD_USER_INPUT
 * that does not name one of the field's arguments in `extensions.field` (a path such as
 * `student_ids.3` names `student_ids`); on a field without arguments it names none.
 */
export function graphqlProblems(status: number, errors: GqlError[], args: string[]): string[] {
  const out: string[] = [];
  if (status >= 500) out.push(`HTTP ${status}`);
  for (const e of errors) {
    const code = String(e.extensions?.code ?? "no code");
    if (code === "INTERNAL_SERVER_ERROR") out.push(`${code}: ${e.message}`);
    if (vague(e.message)) out.push(`${code} says nothing: ${JSON.stringify(e.message)}`);
    const leak = leakIn(e.message);
    if (leak) out.push(`${code} leaks ${leak}`);
    for (const k of ["originalError", "stacktrace", "exception"])
      if (e.extensions && k in e.extensions) out.push(`${code} has extensions.${k}`);
    if (code === "BAD_USER_INPUT") {
      const field = e.extensions?.field;
      const root = typeof field === "string" ? field.split(".")[0] : undefined;
      if (args.length === 0 ? field !== undefined : !root || !args.includes(root))
        out.push(`BAD_USER_INPUT names no argument (field ${JSON.stringify(field)}): ${e.message}`);
    }
  }
  return out;
}

/** A uniform integer in [0, n), n <= 256, from the platform's CSPRNG (browser and Node alike). */
function randomBelow(n: number): number {
  const limit = 256 - (256 % n);
  const buf = new Uint8Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const b = buf[0] as number;
    if (b < limit) return b % n;
  }
}

/** Letters and digits that cannot be mistaken for one another (no I, O, 0, 1). */
export const TOKEN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
export const RANDOM_TOKEN_LENGTH = 10;
/** A pattern must leave at least this many characters to chance, or tokens are guessable. */
export const MIN_TOKEN_PLACEHOLDERS = 6;

/** What each placeholder of a token_pattern draws from: # a digit, @ a letter, * either. */
const CHOICES: Record<string, bigint> = {
  "#": BigInt(DIGITS.length),
  "@": BigInt(LETTERS.length),
  "*": BigInt(TOKEN_ALPHABET.length),
};

/** A token alone signs a phone in: 2^40 tokens at least (decision 0403); "random" has 2^50. */
export const MIN_TOKEN_PATTERN_BITS = 40;

/** How many different tokens a pattern can give: its placeholders' choices multiplied. */
export function tokenPatternChoices(pattern: string): bigint {
  if (pattern === "random") return BigInt(TOKEN_ALPHABET.length) ** BigInt(RANDOM_TOKEN_LENGTH);
  return [...pattern].reduce((n, c) => n * (CHOICES[c] ?? 1n), 1n);
}

/** Least of each placeholder alone that reaches the floor, for the message. */
function enough(c: string): number {
  let n = 1;
  while ((CHOICES[c] as bigint) ** BigInt(n) < 2n ** BigInt(MIN_TOKEN_PATTERN_BITS)) n++;
  return n;
}

/**
 * A school's token_pattern: "random" (the default: 10 characters of TOKEN_ALPHABET) or a
 * template where `#` is a digit, `@` a letter and `*` either; any other character is kept as is
 * (e.g. "RB-####-@@@@-***"). Answers why a pattern is unusable, or null when it is fine.
 */
export function tokenPatternProblem(pattern: string): string | null {
  if (pattern === "random") return null;
  const holes = [...pattern].filter((c) => c === "#" || c === "@" || c === "*").length;
  if (holes < MIN_TOKEN_PLACEHOLDERS)
    return `token_pattern needs at least ${MIN_TOKEN_PLACEHOLDERS} of # (digit), @ (letter) or * (either)`;
  if (pattern.length > 64) return "token_pattern must be at most 64 characters";
  const choices = tokenPatternChoices(pattern);
  if (choices < 2n ** BigInt(MIN_TOKEN_PATTERN_BITS))
    return (
      `token_pattern allows only ${choices.toLocaleString("en-US")} different tokens: it needs at least ` +
      `2^${MIN_TOKEN_PATTERN_BITS} (${(2n ** BigInt(MIN_TOKEN_PATTERN_BITS)).toLocaleString("en-US")}), ` +
      `for example ${enough("*")} of * (either), ${enough("@")} of @ (letter) or ${enough("#")} of # (digit), or random`
    );
  return null;
}

/** A new personal token from the pattern; an unusable one (a weak pattern saved before 0403 too) falls back to random. */
export function newStudentToken(pattern: string | null | undefined, pick: (n: number) => number = randomBelow): string {
  const p = pattern && tokenPatternProblem(pattern) === null ? pattern : "random";
  const from = (alphabet: string) => alphabet[pick(alphabet.length)] as string;
  if (p === "random") return Array.from({ length: RANDOM_TOKEN_LENGTH }, () => from(TOKEN_ALPHABET)).join("");
  return [...p]
    .map((c) => (c === "#" ? from(DIGITS) : c === "@" ? from(LETTERS) : c === "*" ? from(TOKEN_ALPHABET) : c))
    .join("");
}

/**
 * A personal token is accepted whatever the case it is typed in (decision 0404): a phone keyboard
 * types lowercase, and generated tokens are uppercase. Only the ASCII letters a-z fold; tokens are
 * drawn from TOKEN_ALPHABET, and a pattern's other characters are kept as typed.
 */
export const foldToken = (sent: string) => sent.replace(/[a-z]+/g, (run) => run.toUpperCase());

/**
 * The tokens to look a sent token up by: as sent, then its uppercase form if that differs. A
 * student whose stored token has lowercase letters (a pattern's literal, an imported token) is
 * found only by their exact token, so folding never lets a token stand for one whose case was
 * part of what made it hard to guess.
 */
export function tokenLookupForms(sent: string): string[] {
  const folded = foldToken(sent);
  return folded === sent ? [sent] : [sent, folded];
}

/** Which of the rows found by tokenLookupForms the sent token signs in: the exact token first. */
export function tokenHolder<T extends { token: string }>(
  sent: string,
  found: Iterable<T | null | undefined>,
): T | null {
  let upper: T | null = null;
  const folded = foldToken(sent);
  for (const row of found) {
    if (!row) continue;
    if (row.token === sent) return row;
    if (row.token === folded) upper = row;
  }
  return upper;
}

/**
 * The otpauth:// URI an authenticator app reads the student's offline-code secret from
 * (TOTP, SHA1, 6 digits, 30 s: the same as offlineCodeAt).
 */
export function offlineCodeUri(name: string, secret: string): string {
  const label = encodeURIComponent(`Rollbook:${name}`);
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=Rollbook&digits=6&period=30`;
}

import { Secret, TOTP } from "otpauth";

/** An event's QR text rotates every 30 s: a TOTP (8 digits) from events.scan_secret (hex). */
export const SCAN_CODE_PERIOD_S = 30;
const PREFIX = "rollbook:event:";
const PATTERN = /^rollbook:event:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{8})$/i;

const totp = (secretHex: string) =>
  new TOTP({ secret: Secret.fromHex(secretHex), algorithm: "SHA1", digits: 8, period: SCAN_CODE_PERIOD_S });

/** "rollbook:event:<uuid>:<8 digits>" */
export function scanCodeAt(eventUuid: string, secretHex: string, at: Date): string {
  return `${PREFIX}${eventUuid}:${totp(secretHex).generate({ timestamp: at.getTime() })}`;
}

/** The event and code of a scanned text, or null when it is not one of ours. */
export function parseScanCode(text: string): { eventUuid: string; code: string } | null {
  if (typeof text !== "string") return null;
  const m = PATTERN.exec(text.trim());
  return m ? { eventUuid: (m[1] as string).toLowerCase(), code: m[2] as string } : null;
}

/** Accepts the code of the step at `at` or one step either side. */
export function verifyScanCode(secretHex: string, code: string, at: Date): boolean {
  if (typeof code !== "string" || !/^\d{8}$/.test(code)) return false;
  try {
    return totp(secretHex).validate({ token: code, timestamp: at.getTime(), window: 1 }) !== null;
  } catch {
    return false; // a secret that is not hex
  }
}

/** When the code shown at `at` is replaced by the next one (it is still accepted one step longer). */
export function scanCodeExpiresAt(at: Date): Date {
  const step = SCAN_CODE_PERIOD_S * 1000;
  return new Date((Math.floor(at.getTime() / step) + 1) * step);
}

/**
 * Why a scan is refused: the device API's field error of `code` (the server words it so, after
 * the field's key), and the key by which the check-in app says it to the student in a sentence.
 */
export const SCAN_REFUSAL = {
  not_a_code: "is not a Rollbook event code",
  other_school: "is not an event of your school",
  expired: "has expired: scan the code again",
  not_signed_up: "is for an event you are not signed up for",
  not_in_session: "is for an event that is not in session now",
  /** a replay of a code the student already used: 409, not 400 (decision 0510) */
  used: "was already used: scan the code shown now",
} as const;

export type ScanRefusal = (typeof SCAN_REFUSAL)[keyof typeof SCAN_REFUSAL];

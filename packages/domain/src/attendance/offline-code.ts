import { Secret, TOTP } from "otpauth";

/** A student's offline code: TOTP (RFC 6238, SHA1, 6 digits, 30 s) from students.offline_code. */
export const OFFLINE_CODE_PERIOD_S = 30;

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: OFFLINE_CODE_PERIOD_S });

/** A new random base32 secret (160 bits). */
export function newOfflineSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function offlineCodeAt(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

/** Accepts the code of the step at `at` or one step either side (clock drift, typing time). */
export function verifyOfflineCode(secret: string, code: string, at: Date): boolean {
  const token = typeof code === "string" ? code.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(token)) return false;
  try {
    return totp(secret).validate({ token, timestamp: at.getTime(), window: 1 }) !== null;
  } catch {
    return false; // a secret that is not base32
  }
}

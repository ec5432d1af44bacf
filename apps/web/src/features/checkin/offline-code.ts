/**
 * The offline code the phone shows without a network: RFC 6238 TOTP, 6 digits, 30 s, from the
 * student's offline_code secret. PROVISIONAL: computed here with otpauth until the domain
 * package's function exists; then this file only re-exports it.
 */
import { Secret, TOTP } from "otpauth";

export const OFFLINE_CODE_STEP_MS = 30_000;

export function offlineCodeAt(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1", timestamp: at });
}

export const msToNextCode = (at: number) => OFFLINE_CODE_STEP_MS - (at % OFFLINE_CODE_STEP_MS);

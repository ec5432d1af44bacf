/**
 * The offline code the phone shows without a network: the domain's TOTP (RFC 6238, 6 digits,
 * 30 s) of the student's offline_code secret, so the phone and staff's check agree by construction.
 */
import { offlineCodeAt as codeAt, OFFLINE_CODE_PERIOD_S } from "@rollbook/domain";

export const OFFLINE_CODE_STEP_MS = OFFLINE_CODE_PERIOD_S * 1000;

export const offlineCodeAt = (secret: string, at: number): string => codeAt(secret, new Date(at));

/** Milliseconds until the code shown at `at` is replaced. */
export const msToNextCode = (at: number) => OFFLINE_CODE_STEP_MS - (at % OFFLINE_CODE_STEP_MS);

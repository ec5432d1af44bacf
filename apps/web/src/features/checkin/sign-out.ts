/**
 * Leaving the check-in app on this phone. "Sign out" first tells the server, so that the phone is
 * no longer the student's active phone and may later sign in someone else, a sibling on a family
 * phone (decision 0511); then the phone forgets the student. A token staff reset (401) only
 * forgets: it cannot sign out any more, and the reset signed the phone out on the server already.
 */
import { forgetCheckIns } from "./check-in-owner.ts";
import { DeviceError, signOutPhone } from "./device-api.ts";
import { forgetDevice } from "./device-store.ts";
import { clearScheduleCache } from "./use-schedule.ts";

/** A sign-out should not hang on a bad network: past this the phone signs out without the server. */
export const SIGN_OUT_WAIT_MS = 10_000;

export const STILL_LINKED =
  "You are signed out on this phone, but the school server could not be told, so the phone is still linked to you. To let another student use it, sign in and sign out again while online.";

/**
 * Forgets the token and the cached list. Also forgets the queued and refused pings (the next
 * student starts clean) unless `keepCheckIns`: an expired token keeps them for the same student's
 * next sign-in.
 */
export async function forgetStudent(keepCheckIns = false) {
  forgetDevice();
  clearScheduleCache();
  if (!keepCheckIns) await forgetCheckIns();
}

/** "Sign out": answers what to tell the student (null: nothing, the server let the phone go). */
export async function signOut(token: string): Promise<string | null> {
  let notice: string | null = null;
  try {
    await signOutPhone(token, AbortSignal.timeout(SIGN_OUT_WAIT_MS));
  } catch (err) {
    // 409: this phone is not the student's active phone, so it holds nothing of theirs
    if (!(err instanceof DeviceError && err.status === 409)) notice = STILL_LINKED;
  }
  await forgetStudent();
  return notice;
}

/**
 * Whose check-ins the phone holds. A 401 (token reset) keeps the queued pings and the "Not sent"
 * list so that the student, signing in with the new token, loses nothing; someone else signing in
 * on this phone must not send them under their name, so a different student starts clean.
 */
import { openPingQueue } from "./ping-queue.ts";
import { notSent } from "./refusals.ts";

const KEY = "rollbook.checkin.owner";

async function clearCheckIns() {
  notSent.clear();
  try {
    await (await openPingQueue()).clear();
  } catch {
    // nothing queued
  }
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Called on sign-in, before the check-in screen starts sending: keeps the queue only for its owner. */
export async function claimCheckIns(studentUuid: string | null | undefined) {
  const owner = readOwner();
  if (!studentUuid || owner !== studentUuid) await clearCheckIns();
  try {
    if (studentUuid) localStorage.setItem(KEY, studentUuid);
    else localStorage.removeItem(KEY);
  } catch {
    // without storage the queue is in memory and goes with the page anyway
  }
}

/** "Sign out": the student leaves on purpose, nothing of theirs stays on the phone. */
export async function forgetCheckIns() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  await clearCheckIns();
}

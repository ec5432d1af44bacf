/**
 * This phone's own id: random once, kept in localStorage across sign-outs (it names the phone,
 * not the student). Sent as `token` on register and as X-Device-Token on every call, so the
 * server lets only the student's active phone check in (decision 0511).
 */
const KEY = "rollbook.checkin.installation";

let memo: string | null = null;

export function installationId(): string {
  if (memo) {
    // storage cleared while the page ran (site data cleared in another tab): the id stays this one
    try {
      if (localStorage.getItem(KEY) !== memo) localStorage.setItem(KEY, memo);
    } catch {
      // storage blocked: the id lives for this page
    }
    return memo;
  }
  try {
    memo = localStorage.getItem(KEY);
  } catch {
    memo = null; // storage blocked: an id for this page only
  }
  if (!memo) {
    // getRandomValues, not randomUUID: it works on plain http too (a school's LAN server)
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    memo = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try {
      localStorage.setItem(KEY, memo);
    } catch {
      // not kept: the next visit registers as a new phone
    }
  }
  return memo;
}

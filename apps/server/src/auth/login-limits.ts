import { RateLimiterRes } from "rate-limiter-flexible";
import { exhausted, giveBack, type LimitHost, type Limits, limitsOf, take } from "../rate-limit/limits.ts";
import type { Services } from "../services.ts";

/** The longest wait imposed between two failed sign-ins of one account. */
export const LOGIN_DELAY_CAP_MS = 60_000;

export type LoginGate =
  | { refusedMs: number; reason: string }
  | { refusedMs?: undefined; succeeded(): Promise<void>; failed(): Promise<void> };

const ACCOUNT_REFUSED = "Too many failed sign-ins for this account.";

/** The account's failure, taken before its password is checked: how many it has this hour, or the wait. */
async function takeAccountFailure(l: Limits, email: string): Promise<{ failures: number } | { refusedMs: number }> {
  try {
    return { failures: (await l.loginAccount.consume(email)).consumedPoints };
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    return { refusedMs: Math.max(err.msBeforeNext, 1) };
  }
}

/** After the account's `failures`-th failure this hour: a doubling wait past LOGIN_DELAY_AFTER. */
async function delayAccount(s: LimitHost, l: Limits, email: string, failures: number): Promise<void> {
  const c = s.config;
  const beyond = failures - c.LOGIN_DELAY_AFTER;
  if (c.LOGIN_DELAY_MS === 0 || beyond <= 0) return;
  const wait = Math.min(c.LOGIN_DELAY_MS * 2 ** Math.min(beyond - 1, 30), LOGIN_DELAY_CAP_MS);
  // whole seconds: the Redis store keeps blocks in seconds
  await l.loginDelay.block(email, Math.ceil(wait / 1000));
}

/**
 * Sign-in limits (decision 0402): every attempt counts against the address's ceiling; a failure
 * counts against the account (ASVS V2.2.1: 100 an hour, with a doubling wait after a few) and
 * against the address's failure budget. Points are taken before the password is checked, so
 * parallel guesses cannot slip through, and given back when the password was right.
 */
export async function openLoginGate(s: Services, address: string, email: string): Promise<LoginGate> {
  const l = limitsOf(s);
  let ms = await take(l.loginAddress, address);
  if (ms !== null) return { refusedMs: ms, reason: "Too many sign-ins from this network address." };
  ms = await exhausted(l.loginDelay, email);
  if (ms !== null) return { refusedMs: ms, reason: ACCOUNT_REFUSED };
  ms = await take(l.loginAddressFailures, address);
  if (ms !== null) return { refusedMs: ms, reason: "Too many failed sign-ins from this network address." };
  const account = await takeAccountFailure(l, email);
  if ("refusedMs" in account) {
    await giveBack(l.loginAddressFailures, address);
    return { refusedMs: account.refusedMs, reason: ACCOUNT_REFUSED };
  }
  return {
    async succeeded() {
      await giveBack(l.loginAddressFailures, address);
      await l.loginAccount.delete(email);
    },
    failed: () => delayAccount(s, l, email, account.failures),
  };
}

/**
 * The account limits of sign-in alone, for a password checked elsewhere by a signed-in user (the
 * current password of `updatePassword`): a wrong one is a failed sign-in of the account, with
 * the same wait, hourly cap and refusal; a right one clears the account's failures as a sign-in
 * does. `email` as sign-in keys it: trimmed, lower-case.
 */
export async function openAccountGate(s: LimitHost, email: string): Promise<LoginGate> {
  const l = limitsOf(s);
  const key = email.trim().toLowerCase();
  const ms = await exhausted(l.loginDelay, key);
  if (ms !== null) return { refusedMs: ms, reason: ACCOUNT_REFUSED };
  const account = await takeAccountFailure(l, key);
  if ("refusedMs" in account) return { refusedMs: account.refusedMs, reason: ACCOUNT_REFUSED };
  return {
    succeeded: () => l.loginAccount.delete(key).then(() => undefined),
    failed: () => delayAccount(s, l, key, account.failures),
  };
}

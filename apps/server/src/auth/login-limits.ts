import { RateLimiterRes } from "rate-limiter-flexible";
import { exhausted, giveBack, limitsOf, take } from "../rate-limit/limits.ts";
import type { Services } from "../services.ts";

/** The longest wait imposed between two failed sign-ins of one account. */
export const LOGIN_DELAY_CAP_MS = 60_000;

export type LoginGate =
  | { refusedMs: number; reason: string }
  | { refusedMs?: undefined; succeeded(): Promise<void>; failed(): Promise<void> };

/**
 * Sign-in limits (decision 0402): every attempt counts against the address's ceiling; a failure
 * counts against the account (ASVS V2.2.1: 100 an hour, with a doubling wait after a few) and
 * against the address's failure budget. Points are taken before the password is checked, so
 * parallel guesses cannot slip through, and given back when the password was right.
 */
export async function openLoginGate(s: Services, address: string, email: string): Promise<LoginGate> {
  const l = limitsOf(s);
  const c = s.config;
  let ms = await take(l.loginAddress, address);
  if (ms !== null) return { refusedMs: ms, reason: "Too many sign-ins from this network address." };
  ms = await exhausted(l.loginDelay, email);
  if (ms !== null) return { refusedMs: ms, reason: "Too many failed sign-ins for this account." };
  ms = await take(l.loginAddressFailures, address);
  if (ms !== null) return { refusedMs: ms, reason: "Too many failed sign-ins from this network address." };
  let failures: number;
  try {
    failures = (await l.loginAccount.consume(email)).consumedPoints;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    await giveBack(l.loginAddressFailures, address);
    return { refusedMs: Math.max(err.msBeforeNext, 1), reason: "Too many failed sign-ins for this account." };
  }
  return {
    async succeeded() {
      await giveBack(l.loginAddressFailures, address);
      await l.loginAccount.delete(email);
    },
    async failed() {
      const beyond = failures - c.LOGIN_DELAY_AFTER;
      if (c.LOGIN_DELAY_MS === 0 || beyond <= 0) return;
      const wait = Math.min(c.LOGIN_DELAY_MS * 2 ** Math.min(beyond - 1, 30), LOGIN_DELAY_CAP_MS);
      // whole seconds: the Redis store keeps blocks in seconds
      await l.loginDelay.block(email, Math.ceil(wait / 1000));
    },
  };
}

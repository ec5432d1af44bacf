import type { FastifyInstance } from "fastify";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { Services } from "../services.ts";
import { createLimiterStore } from "./store.ts";

const MINUTE = 60;

/** What the limits need: resolvers get the services without the database, so not `Services`. */
export type LimitHost = Pick<Services, "config" | "log">;

/** Every limit of the server (decision 0402), sized from the configuration. */
function build(s: LimitHost) {
  const c = s.config;
  const store = createLimiterStore(c, s.log);
  return {
    store,
    loginAccount: store.make({ name: "login-account", points: c.LOGIN_ACCOUNT_FAILURES, duration: 60 * MINUTE }),
    // a wait after failures: `block` sets it, one point means "not blocked"
    loginDelay: store.make({ name: "login-delay", points: 1, duration: 1 }),
    loginAddressFailures: store.make({
      name: "login-address-failures",
      points: c.LOGIN_ADDRESS_FAILURES,
      duration: 15 * MINUTE,
    }),
    loginAddress: store.make({ name: "login-address", points: c.LOGIN_ADDRESS_ATTEMPTS, duration: MINUTE }),
    // forgot, reset, register, checkInvitation: per address (AUTH_RATE_LIMIT a minute)
    authAddress: store.make({ name: "auth-address", points: c.AUTH_RATE_LIMIT, duration: MINUTE }),
    graphqlUser: store.make({ name: "graphql-user", points: c.GRAPHQL_RATE_LIMIT, duration: MINUTE }),
    deviceToken: store.make({ name: "device-token", points: c.DEVICE_RATE_LIMIT, duration: MINUTE }),
    // wrong personal tokens per address: guessing tokens starts a new per-token bucket each time
    deviceTokenFailures: store.make({
      name: "device-token-failures",
      points: c.DEVICE_TOKEN_FAILURES,
      duration: 15 * MINUTE,
    }),
    // a staff user's wrong codes for one student: their mistakes hold only them (decision 0402)
    offlineCodePair: store.make({
      name: "offline-code-pair",
      points: c.OFFLINE_CODE_PAIR_FAILURES,
      duration: 15 * MINUTE,
    }),
    offlineCodeStudent: store.make({
      name: "offline-code-student",
      points: c.OFFLINE_CODE_STUDENT_FAILURES,
      duration: 15 * MINUTE,
    }),
    offlineCodeUser: store.make({
      name: "offline-code-user",
      points: c.OFFLINE_CODE_USER_FAILURES,
      duration: 15 * MINUTE,
    }),
  };
}

export type Limits = ReturnType<typeof build>;

// keyed by the app's configuration object: routes get the services, resolvers a copy of them
const byConfig = new WeakMap<LimitHost["config"], Limits>();

/** The limits of this server, built once (routes and resolvers share the counters). */
export function limitsOf(s: LimitHost): Limits {
  let l = byConfig.get(s.config);
  if (!l) {
    l = build(s);
    byConfig.set(s.config, l);
  }
  return l;
}

/** Closes the Redis connection with the app; every route plugin may call it, the first one wins. */
export function closeLimitsOnClose(app: FastifyInstance, s: LimitHost) {
  app.addHook("onClose", async () => {
    const l = byConfig.get(s.config);
    if (!l) return;
    byConfig.delete(s.config);
    await l.store.close();
  });
}

/** Milliseconds to wait when refused, null when a point was taken. */
export async function take(limiter: RateLimiterAbstract, key: string | number, points = 1): Promise<number | null> {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(err.msBeforeNext, 1);
    throw err;
  }
}

/** Milliseconds left when the key has used up its points, else null; takes nothing. */
export async function exhausted(limiter: RateLimiterAbstract, key: string | number): Promise<number | null> {
  const res = await limiter.get(key);
  return res && res.consumedPoints >= limiter.points ? Math.max(res.msBeforeNext, 1) : null;
}

/** Gives a taken point back (a sign-in that succeeded, a code that was right). */
export async function giveBack(limiter: RateLimiterAbstract, key: string | number, points = 1): Promise<void> {
  await limiter.reward(key, points);
}

export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

import path from "node:path";
import { isValidTimeZone } from "@rollbook/domain";
import { z } from "zod";

/** Environment, checked once at start-up; a bad value stops the server with a clear message. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // unset (or empty): see listenHost; the demo must not be on the network by accident (decision 0413)
  HOST: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  // Push channel: the Redis pub/sub channel (tests use a unique one), and its timings.
  REDIS_CHANNEL: z.string().min(1).default("rollbook:push"),
  PUSH_AUTH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  PUSH_RECHECK_MS: z.coerce.number().int().positive().default(60_000),
  PUSH_HEARTBEAT_MS: z.coerce.number().int().positive().default(25_000),
  // How often ended sessions are finalised (final statuses, APA, tasks, alert mails); 0 turns it off.
  FINALISE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n >= 1000, "must be 0 (off) or at least 1000")
    .default(30_000),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Rollbook <no-reply@rollbook.local>"),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_PASSWORD: z.string().min(8).default("rollbook-demo"),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Which proxies' X-Forwarded-For to believe (decision 0123): false (default), true, a hop
  // count or a list of addresses. Believing any header would let a client pick its own IP.
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v): boolean | number | string =>
      v === "true" ? true : v === "false" || v === "" ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
  // Rate limits per minute per client (IP) for the password, invitation and register calls.
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // Sign-in and request limits (decision 0402); counters live in Redis when REDIS_URL is set.
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(100), // per account per hour
  LOGIN_DELAY_AFTER: z.coerce.number().int().min(0).default(3), // failures before a wait is imposed
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).default(1000), // first wait, doubling; 0 = none
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().positive().default(100), // per address per 15 min
  LOGIN_ADDRESS_ATTEMPTS: z.coerce.number().int().positive().default(600), // per address per minute
  GRAPHQL_RATE_LIMIT: z.coerce.number().int().positive().default(600), // per user per minute
  DEVICE_RATE_LIMIT: z.coerce.number().int().positive().default(120), // per student token per minute
  DEVICE_TOKEN_FAILURES: z.coerce.number().int().positive().default(2000), // wrong student tokens per address per 15 min
  OFFLINE_CODE_PAIR_FAILURES: z.coerce.number().int().positive().default(10), // per staff user and student per 15 min
  OFFLINE_CODE_STUDENT_FAILURES: z.coerce.number().int().positive().default(30), // per student, all staff, per 15 min
  OFFLINE_CODE_USER_FAILURES: z.coerce.number().int().positive().default(30), // per staff user per 15 min
  RATE_LIMIT_PREFIX: z.string().min(1).default("rollbook:rl"), // Redis key prefix (tests use a unique one)
  // The first user of an empty database (decision 0122): a master admin and their school.
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(200).optional(),
  ADMIN_SCHOOL: z.string().trim().min(1).max(200).default("Rollbook"),
  ADMIN_TIMEZONE: z.string().refine(isValidTimeZone, "is not a time zone name").default("UTC"),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

/**
 * The address to listen on: HOST when set; otherwise every interface in production, and only
 * this machine in development and test, where the demo school with its published password lives.
 */
export function listenHost(config: Pick<Config, "HOST" | "NODE_ENV">): string {
  return config.HOST ?? (config.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .refine((e) => !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
      message: "ADMIN_EMAIL and ADMIN_PASSWORD are set together",
      path: ["ADMIN_PASSWORD"],
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

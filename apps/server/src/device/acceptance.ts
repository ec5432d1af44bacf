/**
 * How old a ping the device API still accepts, and so how far back the finaliser looks: a session
 * whose pings can still arrive must still be finalised (decision 0512). One constant for both.
 */
export const PING_ACCEPTANCE_DAYS = 31;
export const MAX_PING_AGE_MS = PING_ACCEPTANCE_DAYS * 24 * 60 * 60_000;

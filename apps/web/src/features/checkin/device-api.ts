/**
 * The students' device API (decisions.md "Device API"): REST under /api/v2/device/, bearer
 * personal token, no XMLHttpRequest marker. Errors keep the server's message and field errors.
 */

import { deviceClock } from "./clock-offset.ts";
import { installationId } from "./installation-id.ts";
import type { ScanPosition } from "./scan-position.ts";

export type FieldErrors = Record<string, string[]>;

/** A refused or failed call. status 0: the network did not answer (offline, DNS, reset). */
export class DeviceError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldErrors = {},
    /** how long the server asked us to wait (Retry-After), if it said */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "DeviceError";
  }
  get offline() {
    return this.status === 0;
  }
  /** worth trying again later: no network, or the server is busy or broken */
  get transient() {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export const OFFLINE_MESSAGE = "No connection to the school server.";
/** A fault of the server (5xx): its own text ("Internal Server Error") tells a student nothing. */
const SERVER_FAULT_MESSAGE = "The school server had a problem.";

/** Retry-After as ms to wait: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function call(
  method: "GET" | "POST",
  path: string,
  token: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  headers["X-Device-Token"] = installationId();
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(`/api/v2/device/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new DeviceError(OFFLINE_MESSAGE, 0);
  }
  const receivedAt = Date.now();
  const payload = (await response.json().catch(() => null)) as {
    message?: unknown;
    errors?: unknown;
    server_time?: unknown;
  } | null;
  deviceClock.observe(payload?.server_time, sentAt, receivedAt);
  if (!response.ok) {
    const errors =
      payload?.errors && typeof payload.errors === "object" && !Array.isArray(payload.errors)
        ? (payload.errors as FieldErrors)
        : {};
    const message =
      response.status >= 500
        ? SERVER_FAULT_MESSAGE
        : typeof payload?.message === "string" && payload.message
          ? payload.message
          : `The school server answered ${response.status}.`;
    throw new DeviceError(message, response.status, errors, parseRetryAfter(response.headers.get("retry-after")));
  }
  return payload;
}

const dataOf = (payload: unknown) => (payload as { data?: unknown } | null)?.data ?? payload;

export interface DeviceFields {
  type: string;
  os_version: string;
  app_version: string;
  model_name: string;
  token: string | null;
  location_permission: boolean;
  bluetooth_permission: boolean;
}

export const register = async (token: string, fields: DeviceFields) =>
  dataOf(await call("POST", "register", token, fields));

/** The active phone lets its student go (decision 0511); `signed_out` false when none was bound. */
export const signOutPhone = async (token: string, signal?: AbortSignal) =>
  dataOf(await call("POST", "sign-out", token, undefined, signal));

export const schedule = async (token: string, date: string, signal?: AbortSignal) =>
  dataOf(await call("GET", `schedule?date=${encodeURIComponent(date)}`, token, undefined, signal));

export interface Ping {
  id: string;
  recorded_at: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  low_power: boolean;
  bluetooth: boolean;
  beacons: { factory_id: string; rssi: number }[];
  extra: Record<string, unknown> | null;
}

export async function sendPings(token: string, pings: Ping[]): Promise<{ accepted: number; duplicates: number }> {
  const data = dataOf(await call("POST", "pings", token, { pings })) as { accepted?: number; duplicates?: number };
  return { accepted: Number(data?.accepted ?? 0), duplicates: Number(data?.duplicates ?? 0) };
}

/** A scan, with the phone's fresh position when it has one (scan-position.ts). */
export const scan = async (token: string, code: string, position: ScanPosition = {}) =>
  dataOf(await call("POST", "scan", token, { code, ...position }));

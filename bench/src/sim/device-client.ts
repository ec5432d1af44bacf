/**
 * A student's phone as the device API sees it (decisions.md "Device API"): bearer personal
 * token, JSON, no browser markers, and its own installation id (decision 0511): `token` on
 * register, X-Device-Token on every call. Used by the simulator, the ingest bench and e2e specs.
 */
import { randomBytes } from "node:crypto";
import type { ScheduleSession } from "./day.ts";
import type { PingBody } from "./position.ts";

export interface DeviceAnswer<T> {
  status: number;
  body: T;
  ms: number;
}

export class DeviceClient {
  /** this phone's installation id: 128 random bits in hex, as the check-in app makes it */
  readonly deviceId = randomBytes(16).toString("hex");

  constructor(
    readonly baseURL: string,
    readonly token: string,
  ) {}

  /** requests sent again because the connection closed before any answer (see `closedUnanswered`) */
  resent = 0;

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<DeviceAnswer<T>> {
    const t0 = performance.now();
    const send = () =>
      fetch(new URL(path, this.baseURL), {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          "x-device-token": this.deviceId,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let res: Response;
    try {
      res = await send();
    } catch (error) {
      // a phone's HTTP stack (OkHttp, URLSession) sends a request again, once, when the pooled
      // connection it went out on was closed before any answer came: the server closing an idle
      // keep-alive connection just as the request left. A second failure is the answer.
      if (!closedUnanswered(error)) throw error;
      this.resent++;
      res = await send();
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text for the message
    }
    return { status: res.status, body: parsed as T, ms: performance.now() - t0 };
  }

  register(device: Record<string, unknown> = {}) {
    return this.call<{ data: { student: { id: number; first_name: string; timezone: string } } }>(
      "POST",
      "/api/v2/device/register",
      {
        type: "simulator",
        os_version: "sim",
        app_version: "1.0",
        location_permission: true,
        bluetooth_permission: true,
        token: this.deviceId,
        ...device,
      },
    );
  }

  schedule(date: string) {
    return this.call<{ data: { date: string; timezone: string; sessions: ScheduleSession[] } }>(
      "GET",
      `/api/v2/device/schedule?date=${date}`,
    );
  }

  pings(pings: PingBody[]) {
    return this.call<{ data: { accepted: number; duplicates: number } }>("POST", "/api/v2/device/pings", { pings });
  }

  /** The check-in app's "Sign out": lets the student go from this phone (decision 0511). */
  signOut() {
    return this.call<{ data: { signed_out: boolean } }>("POST", "/api/v2/device/sign-out");
  }

  /** An event's scan code, with where the phone was if it knows (decision 0552). */
  scan(code: string, position: { latitude: number; longitude: number; accuracy?: number } | null = null) {
    return this.call<{ data: { event: { uuid: string }; attendance: { status: number } } }>(
      "POST",
      "/api/v2/device/scan",
      { code, ...position },
    );
  }
}

/** An answer that must be 200, else an error naming the call and the server's words. */
export function ok<T>(what: string, a: DeviceAnswer<T>): T {
  if (a.status !== 200) throw new Error(`${what} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body;
}

/** fetch's error when the server closed the connection before sending any byte of an answer. */
export function closedUnanswered(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const cause = (error as TypeError & { cause?: { code?: string } }).cause;
  return cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET";
}

/** The public event signup's REST calls (decision 0700): no token, a guest's page. */
import { getJson, postJson } from "../../lib/http.ts";

export interface PublicEvent {
  uuid: string;
  title: string;
  description: string | null;
  date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  location: string | null;
  seats_left: number | null;
  capacity: number | null;
  waitlist_count: number;
  drop_cutoff: number;
}

export type SignupState = "attending" | "waitlisted" | "none";

export interface SignupStatus {
  state: SignupState;
  /** place on the waitlist, 1-based */
  position: number | null;
  /** ISO time after which dropping is closed */
  drop_until: string | null;
}

const base = (uuid: string) => `/api/v2/signup/${encodeURIComponent(uuid)}`;
const post = async <T>(url: string, body: unknown) =>
  (await postJson(url, body, { token: null, endOnUnauthorized: false })) as T;

export const loadEvent = async (uuid: string) => ((await getJson(base(uuid))) as { data: PublicEvent }).data;

/** Always the same answer, whoever is named: the link goes to the student's school e-mail. */
export const requestSignup = (uuid: string, identifier: string) =>
  post<{ message: string }>(base(uuid), { identifier });

export const loadStatus = async (uuid: string, token: string) =>
  ((await getJson(`${base(uuid)}/status?token=${encodeURIComponent(token)}`)) as { data: SignupStatus }).data;

export const confirmSignup = async (uuid: string, token: string) =>
  (await post<{ data: SignupStatus }>(`${base(uuid)}/confirm`, { token })).data;

export const dropSignup = async (uuid: string, token: string) =>
  (await post<{ data: SignupStatus }>(`${base(uuid)}/drop`, { token })).data;

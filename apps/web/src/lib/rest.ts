/** The REST auth calls of spec section 7 (POST /api/v2/...). */
import { postJson } from "./http.ts";

export interface LoginUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  school_id: number;
  role_id: number;
  higher_contrast: boolean;
  a11y_mode: boolean;
}

export interface SignedIn {
  user: LoginUser;
  access_token: string;
  search_token: string;
}

export interface Invitation {
  valid: boolean;
  email: string;
  first_name: string;
  last_name: string;
}

async function call<T>(path: string, body: unknown, token: string | null = null): Promise<T> {
  // the auth calls run signed out, except logout, whose 401 (token already gone) needs no handling
  const payload = (await postJson(`/api/v2/${path}`, body, { token, endOnUnauthorized: false })) as { data: T };
  return payload.data;
}

export const login = (email: string, password: string) => call<SignedIn>("login", { email, password });

/** Revokes the token; the caller clears the session whatever the answer. */
export const logout = (token: string) => call<{ message: string }>("logout", {}, token);

export const forgotPassword = (email: string) => call<{ message: string }>("password/forgot", { email });

export const resetPassword = (token: string, password: string, password_confirmation: string) =>
  call<{ message: string }>("password/reset", { token, password, password_confirmation });

/** Confirms a new e-mail address with its mailed link (signed in or not). */
export const confirmEmail = (token: string) => call<{ message: string }>("email/confirm", { token });

export const checkInvitation = (token: string) => call<Invitation>("checkInvitation", { token });

export const register = (input: {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
}) => call<SignedIn>("register", input);

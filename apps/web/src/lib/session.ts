/**
 * The signed-in state: the bearer token and the search token, kept in sessionStorage
 * (one tab, gone when the tab closes). Components subscribe with useSession().
 */
import { useSyncExternalStore } from "react";

const ACCESS = "rollbook.access_token";
const SEARCH = "rollbook.search_token";
const PREFS = "rollbook.prefs";
/** localStorage: where a signed-out user was going, so signing in returns there. */
const LAST_PATH = "rollbook.last_path";

export interface Tokens {
  access_token: string;
  search_token: string;
}

/** The user's display preferences, kept with the session so a reload starts in the right theme. */
export interface Prefs {
  higher_contrast: boolean;
  a11y_mode: boolean;
}

export const DEFAULT_PREFS: Prefs = { higher_contrast: false, a11y_mode: false };

/** Why the session ended: the user asked for it, or the server refused the token. */
export type EndReason = "logout" | "expired";

interface Snapshot {
  token: string | null;
  searchToken: string | null;
  prefs: Prefs;
  ended: EndReason | null;
}

const listeners = new Set<() => void>();

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: string | null) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // storage can be disabled (private mode); the session then lives in memory only
  }
}

const session = () => (typeof window === "undefined" ? undefined : window.sessionStorage);
const local = () => (typeof window === "undefined" ? undefined : window.localStorage);

function readPrefs(): Prefs {
  const raw = read(session(), PREFS);
  if (!raw) return DEFAULT_PREFS;
  try {
    const p = JSON.parse(raw) as Partial<Prefs>;
    return { higher_contrast: p.higher_contrast === true, a11y_mode: p.a11y_mode === true };
  } catch {
    return DEFAULT_PREFS;
  }
}

let snapshot: Snapshot = {
  token: read(session(), ACCESS),
  searchToken: read(session(), SEARCH),
  prefs: readPrefs(),
  ended: null,
};

function publish(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

export const getToken = () => snapshot.token;
export const getSearchToken = () => snapshot.searchToken;
export const isSignedIn = () => snapshot.token !== null;

/** Set on login, registration and user switch. */
export function signIn(tokens: Tokens, prefs?: Partial<Prefs>) {
  write(session(), ACCESS, tokens.access_token);
  write(session(), SEARCH, tokens.search_token);
  const merged = { ...snapshot.prefs, ...prefs };
  write(session(), PREFS, JSON.stringify(merged));
  publish({ token: tokens.access_token, searchToken: tokens.search_token, prefs: merged, ended: null });
}

/**
 * Cleared on logout and on any 401; the router then sends the user to /Login. A 401 passes the
 * token it refused (access or search): an answer to a call sent before the session changed hands
 * (a switch back revokes the acting pair, then stores the admin's) must not end the new session.
 */
export function endSession(reason: EndReason, refused?: string) {
  if (snapshot.token === null) return;
  if (refused !== undefined && refused !== snapshot.token && refused !== snapshot.searchToken) return;
  write(session(), ACCESS, null);
  write(session(), SEARCH, null);
  write(session(), PREFS, null);
  publish({ token: null, searchToken: null, prefs: DEFAULT_PREFS, ended: reason });
}

export function setPrefs(prefs: Prefs) {
  if (prefs.higher_contrast === snapshot.prefs.higher_contrast && prefs.a11y_mode === snapshot.prefs.a11y_mode) return;
  if (snapshot.token) write(session(), PREFS, JSON.stringify(prefs));
  publish({ prefs });
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): Snapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

export function rememberPath(path: string) {
  write(local(), LAST_PATH, path);
}

export const peekRememberedPath = (): string | null => read(local(), LAST_PATH);

/** Forgotten once the user has arrived inside the app. */
export function forgetRememberedPath() {
  write(local(), LAST_PATH, null);
}

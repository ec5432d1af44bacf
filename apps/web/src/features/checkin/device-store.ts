/**
 * What the phone remembers between visits: the personal token, the student's name and the offline
 * code secret. localStorage, not sessionStorage: a phone is personal and the student should not
 * type the token every morning; "Sign out" forgets it.
 */
import { useSyncExternalStore } from "react";

const KEY = "rollbook.checkin.device";

export interface StoredStudent {
  /** whose pings the queue holds (null from servers that did not say) */
  uuid?: string | null;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
}

export interface StoredDevice {
  token: string;
  student: StoredStudent;
  /** base32 secret of the offline code; null when the server did not hand it out */
  offline_secret: string | null;
}

const listeners = new Set<() => void>();
let cached: StoredDevice | null | undefined;

function parse(raw: string | null): StoredDevice | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredDevice>;
    if (typeof v.token !== "string" || !v.token || !v.student) return null;
    return {
      token: v.token,
      student: v.student,
      offline_secret: typeof v.offline_secret === "string" ? v.offline_secret : null,
    };
  } catch {
    return null;
  }
}

export function readDevice(): StoredDevice | null {
  if (cached === undefined) {
    try {
      cached = parse(localStorage.getItem(KEY));
    } catch {
      cached = null;
    }
  }
  return cached;
}

function emit() {
  for (const l of listeners) l();
}

export function saveDevice(device: StoredDevice) {
  cached = device;
  try {
    localStorage.setItem(KEY, JSON.stringify(device));
  } catch {
    // storage full or blocked: the app still works until the page closes
  }
  emit();
}

export function forgetDevice() {
  cached = null;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab signing in or out
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    cached = undefined;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useStoredDevice(): StoredDevice | null {
  return useSyncExternalStore(subscribe, readDevice, () => null);
}

/** Paths the app may send a user to after signing in; anything else falls back to the dashboard. */
const GUEST_PATHS = /^\/(Login|Logout|ForgotPassword|ResetPassword|Invite|ConfirmEmail)(\/|$|\?)/i;

export const HOME = "/Dashboard";

/** A same-origin app path only: no scheme, no protocol-relative "//host", no guest page. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target) return null;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  if (GUEST_PATHS.test(target)) return null;
  return target;
}

/** /Login?redirect=<path> */
export function loginPath(from?: string | null): string {
  const safe = safeRedirect(from);
  return safe ? `/Login?redirect=${encodeURIComponent(safe)}` : "/Login";
}

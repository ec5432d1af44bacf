/**
 * One active phone per student (decision 0511). A phone names itself by its installation or
 * push token: the `token` field of register, and this header on every other call.
 */
export const DEVICE_HEADER = "x-device-token";

export const ANOTHER_PHONE = "This student's account is already active on another phone. Ask staff to release it.";

/** A token as sent: blank is none. */
export const deviceToken = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;

/**
 * Whether a phone presenting `token` is someone else than the active device. Register requires a
 * token, so every device registered since is bound: no token or another one is refused. A row
 * left without one (registered before the token was required) names no phone: it binds nothing
 * until the next register, which must carry a token, claims it.
 */
export function isAnotherPhone(active: { token: string | null } | null, token: string | null): boolean {
  const bound = deviceToken(active?.token);
  return bound !== null && bound !== token;
}

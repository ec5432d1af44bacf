/**
 * A phone whose student signed out in the check-in app moves to another student only after this
 * long (decision 0511): a sibling takes the family phone the next morning, but a friend cannot
 * sign one student out and the next in, one after the other, through a school day.
 */
export const PHONE_MOVE_AFTER_MS = 10 * 60 * 60_000;

/** When a phone signed out of at `signedOutAt` may sign in another student. */
export const phoneFreeAt = (signedOutAt: string | Date): Date =>
  new Date(new Date(signedOutAt).getTime() + PHONE_MOVE_AFTER_MS);

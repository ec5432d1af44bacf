/**
 * A staff member's or a school's phone (users, profile, school settings), kept as its digits: the
 * server refuses by this rule and the forms check it before sending. A student's phone is stricter
 * (10 digits, `phoneDigits`).
 */
const PHONE_CHARACTERS = /^[0-9+().\-\s]+$/;
export const PHONE_DIGITS_MIN = 7;
export const PHONE_DIGITS_MAX = 15;

/** What is wrong with a typed phone, to follow the field's name ("must have 7 to 15 digits"), or null. Empty is no phone. */
export function phoneProblem(value: string): string | null {
  if (!value.trim()) return null;
  if (!PHONE_CHARACTERS.test(value)) return "may hold only digits, spaces and + ( ) - .";
  const digits = value.replace(/\D/g, "").length;
  if (digits < PHONE_DIGITS_MIN || digits > PHONE_DIGITS_MAX)
    return `must have ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX} digits`;
  return null;
}

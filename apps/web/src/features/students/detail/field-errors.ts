import { phoneDigits } from "@rollbook/domain";

/**
 * The server names a bad field at the start of its message ("email must be a valid e-mail
 * address", extensions.field = "email"): shown on the field with the field's label instead of
 * its key ("E-mail must be a valid e-mail address").
 */
export function labelServerMessage(key: string, label: string, message: string): string {
  const m = message.trim();
  if (m.toLowerCase().startsWith(key.toLowerCase())) return `${label}${m.slice(key.length)}`;
  return m;
}

/** A phone is 10 digits (11 with a leading 1), whatever the punctuation (the domain's rule). */
export const isPhone = (value: string): boolean => phoneDigits(value) !== null;

/** A person's name as staff call them, on every screen. Pure, tested without a browser. */

export interface NameParts {
  first_name: string;
  last_name: string;
  preferred_name?: string | null;
}

/**
 * The preferred name first, the legal first name in parentheses when it differs
 * ("Alex (Alexander) Smith"); without one, "Alexander Smith".
 */
export function personName({ first_name, last_name, preferred_name }: NameParts): string {
  const preferred = preferred_name?.trim();
  if (preferred && preferred.toLowerCase() !== first_name.trim().toLowerCase())
    return `${preferred} (${first_name}) ${last_name}`.trim();
  return `${first_name} ${last_name}`.trim();
}

/**
 * A person's names, e-mail and phone (a user's Information tab, one's own profile): values,
 * labels and the check the browser makes. Pure, tested without a browser.
 */
import type { Errors } from "../../ui/form/server-errors.ts";

export interface InformationValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

export type InformationField = keyof InformationValues;

export const INFORMATION_ORDER: readonly InformationField[] = ["first_name", "last_name", "email", "phone_number"];

export const INFORMATION_LABELS: Record<InformationField, string> = {
  first_name: "First name",
  last_name: "Last name",
  email: "E-mail",
  phone_number: "Phone",
};

export const informationValues = (u: {
  first_name: string;
  last_name: string;
  email: string;
  phone_number?: string | null;
}): InformationValues => ({
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  phone_number: u.phone_number ?? "",
});

/** Only the first name is checked here; the server checks the rest. */
export const informationErrors = (v: InformationValues): Errors<InformationField> =>
  v.first_name.trim() ? {} : { first_name: "First name is required" };

/**
 * A changed e-mail is only asked for: the server mails the new address a link, and the e-mail
 * changes when it is opened (decision 0951). The notice to show, or null when it is unchanged.
 */
export function emailChangeNotice(before: string, after: string): string | null {
  const next = after.trim();
  if (!next || next.toLowerCase() === before.trim().toLowerCase()) return null;
  return `A link to confirm ${next} was sent there: the e-mail changes when it is opened.`;
}

/**
 * Under the e-mail field while a change waits (the server's pending_email): survives a reload,
 * unlike the notice. Nothing when no link is open.
 */
export function pendingEmailNote(pending: string | null | undefined): string | undefined {
  return pending
    ? `Waiting for confirmation: a link was sent to ${pending}; the e-mail changes when it is opened.`
    : undefined;
}

export interface InviteValues {
  first_name: string;
  last_name: string;
  email: string;
  role_id: string;
}

export const INVITE_ORDER: readonly (keyof InviteValues)[] = ["first_name", "last_name", "email", "role_id"];

export const INVITE_LABELS: Record<keyof InviteValues, string> = { ...INFORMATION_LABELS, role_id: "Role" };

/** An invitation needs a first name and an e-mail (the server checks the address). */
export function inviteErrors(v: InviteValues): Errors<keyof InviteValues> {
  const e: Errors<keyof InviteValues> = {};
  if (!v.first_name.trim()) e.first_name = "First name is required";
  if (!v.email.trim()) e.email = "E-mail is required";
  return e;
}

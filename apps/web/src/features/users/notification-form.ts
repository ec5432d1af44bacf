/** The Notifications form's values and how they become updateNotifications' variables (pure). */
import { formatPhone } from "@rollbook/domain";
import type { Errors } from "../../ui/form/server-errors.ts";

export const MAIL_CHOICES = [
  ["late_email", "Late arrivals"],
  ["absent_email", "Absences"],
  ["tardy_absent_email", "Late, then absent"],
  ["pindrop_email", "Seen outside the location during class (pin drop)"],
  ["daily_recap_email", "Daily recap"],
  ["weekly_startup_email", "Weekly start-up"],
  ["weekly_recap_email", "Weekly recap"],
] as const;

export type MailChoice = (typeof MAIL_CHOICES)[number][0];

export type NotificationValues = Record<MailChoice, boolean> & {
  prefers_sms: boolean;
  phone_number: string;
  alert_filter: string[];
};

export function notificationValues(
  u: Record<MailChoice | "prefers_sms", boolean> & { phone_number?: string | null; alert_filter: string[] },
): NotificationValues {
  const out = {
    prefers_sms: u.prefers_sms,
    phone_number: formatPhone(u.phone_number),
    alert_filter: [...u.alert_filter],
  } as NotificationValues;
  for (const [k] of MAIL_CHOICES) out[k] = u[k];
  return out;
}

/** The fields that show an error, in screen order, and their labels. */
export const NOTIFICATION_ORDER = ["phone_number", "alert_filter"] as const;

export type NotificationField = (typeof NOTIFICATION_ORDER)[number];

export const NOTIFICATION_LABELS: Record<NotificationField, string> = {
  phone_number: "Phone for SMS",
  alert_filter: "Alert only for these courses and teams",
};

/** A phone is needed for SMS: said before the server is asked. */
export function notificationErrors(v: NotificationValues): Errors<NotificationField> {
  return v.prefers_sms && !v.phone_number.trim() ? { phone_number: "A phone number is needed to receive SMS" } : {};
}

export function notificationVariables(userId: number, v: NotificationValues) {
  return { user_id: userId, ...v, phone_number: v.phone_number.trim() || null };
}

/** What an alert_filter entry names (decision 0341: `course:<id>`, `event:<id>`, `team:<id>`). */
const TARGET_WORDS = { course: "Course", event: "Event", team: "Team" } as const;
type TargetKind = keyof typeof TARGET_WORDS;

/** A course, event or team as the API lists it: courses and events have a title, teams a name. */
export interface NamedTarget {
  id: number;
  title?: string | null;
  name?: string | null;
}

export type TargetLists = Partial<Record<TargetKind, readonly NamedTarget[] | undefined>>;

export interface AlertFilterOption {
  value: string;
  label: string;
}

const parseEntry = (entry: string): { kind: TargetKind; id: string } | null => {
  const m = /^(course|event|team):(\d+)$/.exec(entry);
  return m ? { kind: m[1] as TargetKind, id: m[2] as string } : null;
};

/**
 * An entry's words: "Team: Varsity Soccer" when a list the viewer loaded names it, else
 * "Team #1 (name not available)". A viewer who sees only what is assigned to it (a Professor
 * looking at an administrator's filter) cannot list the other user's teams, and the API gives no
 * name for them: the entry is still said in words, never as the raw "team:1".
 */
export function alertTargetLabel(entry: string, names: ReadonlyMap<string, string>): string {
  const parsed = parseEntry(entry);
  if (!parsed) return entry;
  const word = TARGET_WORDS[parsed.kind];
  const name = names.get(entry);
  return name ? `${word}: ${name}` : `${word} #${parsed.id} (name not available)`;
}

/** Every name the lists hold, by entry ("team:1" -> "Varsity Soccer"); the first list naming an entry wins. */
export function alertTargetNames(...sources: TargetLists[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const source of sources)
    for (const kind of Object.keys(TARGET_WORDS) as TargetKind[])
      for (const t of source[kind] ?? []) {
        const name = (t.title ?? t.name)?.trim();
        const key = `${kind}:${t.id}`;
        if (name && !names.has(key)) names.set(key, name);
      }
  return names;
}

/**
 * The filter's choices: the courses and teams the viewer may pick (`offered`), then every entry
 * already chosen that is not among them (an event, or a course or team the viewer cannot list),
 * each in words; `known` names more of them (the user's own assigned courses, events and teams).
 */
export function alertFilterOptions(
  offered: TargetLists,
  known: TargetLists,
  selected: readonly string[],
): AlertFilterOption[] {
  const names = alertTargetNames(offered, known);
  const options: AlertFilterOption[] = [];
  for (const kind of ["course", "team"] as const)
    for (const t of offered[kind] ?? []) {
      const value = `${kind}:${t.id}`;
      options.push({ value, label: alertTargetLabel(value, names) });
    }
  for (const value of selected)
    if (!options.some((o) => o.value === value)) options.push({ value, label: alertTargetLabel(value, names) });
  return options;
}

/** One line of a read-only view of the choices: a term and its value in words. */
export interface NotificationSummaryItem {
  label: string;
  value: string;
}

/**
 * The choices in words, for a viewer who may not change them: disabled checkboxes and switches
 * read as faint grey and say "off" to no one (a screen reader announces each as "dimmed").
 */
export function notificationSummary(
  v: NotificationValues,
  options: readonly AlertFilterOption[],
): NotificationSummaryItem[] {
  const mails = MAIL_CHOICES.filter(([key]) => v[key]).map(([, label]) => label);
  const phone = v.phone_number.trim();
  const named = new Map(options.map((o) => [o.value, o.label]));
  return [
    { label: "E-mails", value: mails.length > 0 ? mails.join(", ") : "None" },
    {
      label: "Text messages",
      value: v.prefers_sms ? `Alerts by SMS to ${phone || "no phone given"}` : "No alerts by SMS",
    },
    { label: "Phone for SMS", value: phone || "None given" },
    {
      label: NOTIFICATION_LABELS.alert_filter,
      value:
        v.alert_filter.length > 0
          ? v.alert_filter.map((entry) => named.get(entry) ?? alertTargetLabel(entry, new Map())).join("; ")
          : "Every course and team assigned to this user",
    },
  ];
}

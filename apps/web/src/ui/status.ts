import { STATUS, STATUSES } from "@rollbook/domain";

/**
 * Attendance statuses as staff read them (decisions.md "Attendance statuses"): the domain's
 * names in words, and one colour each. Colour never carries meaning alone: the badge always
 * writes the name.
 */
const COLOURS: Record<number, string> = {
  [STATUS.pending]: "gray",
  [STATUS.present]: "teal",
  [STATUS.late]: "yellow",
  [STATUS.absent]: "red",
  [STATUS.excused]: "blue",
  [STATUS.left_early]: "orange",
  [STATUS.cancelled]: "gray",
  [STATUS.travel]: "violet",
};

/** "left_early" -> "Left early". */
export const humanize = (name: string) => {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A status id in words ("Left early"); an id the domain does not know is written with the
 * server's name when given, else "Status 9".
 */
export function statusLabel(status: number | null | undefined, serverName?: string): string {
  if (status === null || status === undefined) return "None";
  const known = STATUSES.find((s) => s.id === status);
  if (known) return humanize(known.name);
  return serverName ? humanize(serverName) : `Status ${status}`;
}

export const statusColour = (status: number | null | undefined) =>
  status === null || status === undefined ? "gray" : (COLOURS[status] ?? "gray");

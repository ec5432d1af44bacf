import { STATUS } from "@rollbook/domain";

/** A status id in the words a student reads (decisions.md "Attendance statuses"). */
const WORDS: Record<number, string> = {
  [STATUS.pending]: "Pending",
  [STATUS.present]: "Present",
  [STATUS.late]: "Late",
  [STATUS.absent]: "Absent",
  [STATUS.excused]: "Excused",
  [STATUS.left_early]: "Left early",
  [STATUS.cancelled]: "Cancelled",
  [STATUS.travel]: "Travel",
};

export const statusWords = (status: number | null | undefined) => WORDS[status ?? STATUS.pending] ?? "Pending";

/** Badge colours (light background; the badge writes dark text on it, to pass contrast). */
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

export const statusColour = (status: number | null | undefined) => COLOURS[status ?? STATUS.pending] ?? "gray";

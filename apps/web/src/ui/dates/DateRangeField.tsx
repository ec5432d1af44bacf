import { Fieldset, Group, Input, TextInput } from "@mantine/core";
import { DatePicker, type DatesRangeValue } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { useId } from "react";
import { CALENDAR_SECTION_PROPS, CalendarButton } from "./CalendarButton.tsx";
import type { Common } from "./DateField.tsx";
import { DATE_FORMAT } from "./date-format.ts";
import { readTypedDate, readTypedEnd } from "./typed-date.ts";
import { useDayCalendar } from "./use-day-calendar.ts";
import { useTypedDate } from "./use-typed-date.ts";

/** The two ends' names: every error says which end it is about. */
export const RANGE_ENDS = { start: "Start date", end: "End date" } as const;

type Props = Omit<Common, "error" | "placeholder"> & {
  value: DatesRangeValue<string>;
  /** Sent on each change of an end: an end typed at fault, or not picked yet, is null. */
  onChange: (value: DatesRangeValue<string>) => void;
  /** A problem from outside (missing, the server's word), shown on its end. */
  errors?: { start?: string | null; end?: string | null };
};

/**
 * A start and an end day (decision 0590): a group named `label` with two text boxes, "Start date"
 * and "End date", typed MM/DD/YYYY as a DateField's (use-typed-date: the same reading, errors
 * and held submit), and one button, "Choose <label> in the calendar", that opens a range calendar
 * as a dialog: the first day picked is the start, the second the end, and then it closes, focus
 * back on the button. An end typed before the start is refused on the End date box; the value's
 * end is then null, as for any end at fault, so the range is never taken reversed.
 */
export function DateRangeField(props: Props) {
  const { label, description, errors, required, value, onChange, minDate, maxDate, availableDates } = props;
  const bounds = { minDate, maxDate, availableDates };
  const [startValue, endValue] = value;
  const start = useTypedDate(startValue, (text) => readTypedDate(text, RANGE_ENDS.start, bounds));
  const readEnd = (text: string, from: string | null) =>
    readTypedEnd(text, RANGE_ENDS.end, bounds, { label: RANGE_ENDS.start, value: from });
  const end = useTypedDate(endValue, (text) => readEnd(text, start.value));
  const calendar = useDayCalendar(bounds);
  const describedBy = useId();

  const emit = (next: [string | null, string | null]) => {
    start.sent(next[0]);
    end.sent(next[1]);
    if (next[0] !== startValue || next[1] !== endValue) onChange(next);
  };
  // a new start may put the end typed before it (or no longer)
  const typeStart = (text: string) => {
    const from = start.type(text);
    emit([from, readEnd(end.text, from).value]);
  };
  const pick = ([from, to]: DatesRangeValue<string>) => {
    start.fill(from);
    end.fill(to);
    emit([from, to]);
    if (from && to) calendar.open(false);
  };

  // the group's name reads as a field's label, each end's label under it plainer
  const box = { required, placeholder: DATE_FORMAT, style: { flex: 1, minWidth: 0 }, labelProps: { fw: 400 } };
  return (
    <Fieldset
      variant="unstyled"
      legend={label}
      aria-describedby={description ? describedBy : undefined}
      styles={{ legend: { fontSize: "var(--mantine-font-size-sm)", fontWeight: 500, padding: 0, marginBottom: 0 } }}
    >
      {description && <Input.Description id={describedBy}>{description}</Input.Description>}
      <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
        <TextInput
          {...box}
          {...start.boxProps()}
          label={RANGE_ENDS.start}
          error={start.shown ?? errors?.start ?? undefined}
          onChange={(e) => typeStart(e.currentTarget.value)}
        />
        <TextInput
          {...box}
          {...end.boxProps()}
          label={RANGE_ENDS.end}
          error={end.shown ?? errors?.end ?? undefined}
          onChange={(e) => emit([start.value, end.type(e.currentTarget.value)])}
          rightSectionPointerEvents="all"
          rightSectionProps={CALENDAR_SECTION_PROPS}
          rightSection={
            <CalendarButton label={label} opened={calendar.opened} onOpen={calendar.open}>
              <DatePicker
                {...calendar.picker}
                type="range"
                allowSingleDateInRange
                value={[start.value, end.value]}
                onChange={pick}
                defaultDate={start.value ?? end.value ?? undefined}
              />
            </CalendarButton>
          }
        />
      </Group>
    </Fieldset>
  );
}

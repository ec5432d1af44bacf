import { TextInput } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import "@mantine/dates/styles.css";
import type { FocusEvent } from "react";
import { CALENDAR_SECTION_PROPS, CalendarButton } from "./CalendarButton.tsx";
import { DATE_FORMAT } from "./date-format.ts";
import { readTypedDate, type TypedBounds } from "./typed-date.ts";
import { useDayCalendar } from "./use-day-calendar.ts";
import { useTypedDate } from "./use-typed-date.ts";

export interface Common extends TypedBounds {
  label: string;
  description?: string;
  error?: string | null;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
}

type Props = Common & {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
};

/**
 * One day, typed MM/DD/YYYY or picked in a calendar; the value is "YYYY-MM-DD" or null (decision
 * 0588). The WAI-ARIA date picker dialog: a text box, and beside it a button that opens the
 * calendar as a dialog (focus in it, Escape closes it, a picked day fills the box and focus goes
 * back to the button). Mantine's DateInput was the plan, but its calendar takes no focus (every
 * day tabindex -1) and closes when the box loses focus: no keyboard could reach it.
 * A typed date that is not one (02/30/2026), out of bounds or not offered leaves the value null and
 * says why on the field, once the date is whole, the box is left or Enter is pressed; and its form
 * does not submit, by its button or Enter, until the text is fixed or emptied: the field shows
 * why and takes focus (use-typed-date, use-held-submit). Other props (a form's data-path,
 * onFocus) go to the text box.
 */
export function DateField(props: Props) {
  const { label, description, error, required, placeholder, value, onChange, onBlur, clearable: _clearable } = props;
  const { minDate, maxDate, availableDates, ...inputRest } = props;
  const bounds = { minDate, maxDate, availableDates };
  const typed = useTypedDate(value, (text) => readTypedDate(text, label, bounds));
  const calendar = useDayCalendar(bounds);

  const emit = (next: string | null) => {
    typed.sent(next);
    if (next !== value) onChange(next);
  };
  const pick = (day: string | null) => {
    typed.fill(day);
    emit(day);
    calendar.open(false);
  };

  return (
    <TextInput
      {...inputRest}
      {...typed.boxProps(onBlur)}
      label={label}
      description={description}
      required={required}
      error={typed.shown ?? error ?? undefined}
      placeholder={placeholder ?? DATE_FORMAT}
      onChange={(e) => emit(typed.type(e.currentTarget.value))}
      rightSectionPointerEvents="all"
      rightSectionProps={CALENDAR_SECTION_PROPS}
      rightSection={
        <CalendarButton label={label} opened={calendar.opened} onOpen={calendar.open}>
          <DatePicker {...calendar.picker} value={value} onChange={pick} defaultDate={value ?? undefined} />
        </CalendarButton>
      }
    />
  );
}

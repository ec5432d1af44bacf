import { ActionIcon, Popover, TextInput } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { CALENDAR_LABELS, keepFocusInCalendar } from "./calendar-a11y.ts";
import { DATE_FORMAT, formatDate, onlyDates } from "./date-format.ts";
import { isWholeDate, readTypedDate, type TypedBounds } from "./typed-date.ts";
import { DATE_FAULT, useHeldSubmit } from "./use-held-submit.ts";
import { useMonthEdge } from "./use-month-edge.ts";

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

const CalendarIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
    <rect x="3" y="5" width="18" height="16" rx="2" stroke="currentColor" strokeWidth="2" />
    <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * One day, typed MM/DD/YYYY or picked in a calendar; the value is "YYYY-MM-DD" or null (decision
 * 0588). The WAI-ARIA date picker dialog: a text box, and beside it a button that opens the
 * calendar as a dialog (focus in it, Escape closes it, a picked day fills the box and focus goes
 * back to the button). Mantine's DateInput was the plan, but its calendar takes no focus (every
 * day tabindex -1) and closes when the box loses focus: no keyboard could reach it.
 * A typed date that is not one (02/30/2026), out of bounds or not offered leaves the value null and
 * says why on the field, once the date is whole, the box is left or Enter is pressed; and its form
 * does not submit, by its button or Enter, until the text is fixed or emptied: the field shows
 * why and takes focus (use-held-submit). Other props (a form's data-path, onFocus) go to the text box.
 */
export function DateField(props: Props) {
  const { label, description, error, required, placeholder, value, onChange, onBlur, clearable: _clearable } = props;
  const { minDate, maxDate, availableDates, ...inputRest } = props;
  const bounds = { minDate, maxDate, availableDates };
  const [text, setText] = useState(() => formatDate(value));
  const [left, setLeft] = useState(false);
  const [opened, setOpened] = useState(false);
  const excludeDate = onlyDates(availableDates);
  const edge = useMonthEdge({ minDate, maxDate, excludeDate });
  const box = useRef<HTMLInputElement>(null);

  // a value set from outside (a reset, another field) replaces the text; the one typed stays
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) setText(formatDate(value));
    emitted.current = value;
  }, [value]);

  const read = readTypedDate(text, label, bounds);
  const shownError = read.error && (left || isWholeDate(text)) ? read.error : (error ?? undefined);
  useHeldSubmit(box, read.error !== null, () => setLeft(true));

  const emit = (next: string | null) => {
    emitted.current = next;
    if (next !== value) onChange(next);
  };
  const type = (next: string) => {
    setText(next);
    setLeft(false);
    emit(readTypedDate(next, label, bounds).value);
  };
  const pick = (day: string | null) => {
    setText(formatDate(day));
    setLeft(false);
    emit(day);
    setOpened(false);
  };
  const open = (next: boolean) => {
    if (next) edge.reset();
    setOpened(next);
  };

  return (
    <TextInput
      {...inputRest}
      ref={box}
      {...{ [DATE_FAULT]: read.error === null ? undefined : true }}
      label={label}
      description={description}
      required={required}
      error={shownError}
      placeholder={placeholder ?? DATE_FORMAT}
      value={text}
      autoComplete="off"
      onChange={(e) => type(e.currentTarget.value)}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        // say why at once, in a form without a submit button too; a submit it starts is held
        if (e.key === "Enter" && read.error) setLeft(true);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover
          opened={opened}
          onChange={open}
          trapFocus
          returnFocus
          position="bottom-end"
          // Mantine's roles would name the dialog by its button ("Choose ..."): it is "<field>: calendar",
          // as the other pickers' (axe aria-dialog-name); a11y.css's calendar colours key on data-dates-dropdown
          withRoles={false}
          attributes={{
            dropdown: { role: "dialog", "aria-label": `${label}: calendar`, "data-dates-dropdown": true },
          }}
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Choose ${label} in the calendar`}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => open(!opened)}
            >
              <CalendarIcon />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={value}
              onChange={pick}
              defaultDate={value ?? undefined}
              ariaLabels={CALENDAR_LABELS}
              onLevelChange={keepFocusInCalendar}
              minDate={minDate}
              maxDate={maxDate}
              excludeDate={excludeDate}
              date={edge.date}
              onDateChange={edge.onDateChange}
              getDayProps={edge.getDayProps}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

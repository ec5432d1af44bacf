import { DatePickerInput, type DatesRangeValue, DateTimePicker, MonthPickerInput } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { DATE_FORMAT, DATETIME_FORMAT, MONTH_FORMAT, onlyDates } from "./date-format.ts";

interface Common {
  label: string;
  description?: string;
  error?: string | null;
  required?: boolean;
  clearable?: boolean;
  /** "YYYY-MM-DD" bounds. */
  minDate?: string;
  maxDate?: string;
  /** When set, only these "YYYY-MM-DD" days can be picked. */
  availableDates?: readonly string[];
  placeholder?: string;
}

/** One day, shown MM/DD/YYYY; the value is "YYYY-MM-DD" or null. */
export function DateField(props: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const { availableDates, error, ...rest } = props;
  return (
    <DatePickerInput
      {...rest}
      error={error ?? undefined}
      valueFormat={DATE_FORMAT}
      placeholder={props.placeholder ?? DATE_FORMAT}
      excludeDate={onlyDates(availableDates)}
    />
  );
}

/** A start and an end day (range mode), shown "MM/DD/YYYY – MM/DD/YYYY". */
export function DateRangeField(
  props: Common & { value: DatesRangeValue<string>; onChange: (value: DatesRangeValue<string>) => void },
) {
  const { availableDates, error, ...rest } = props;
  return (
    <DatePickerInput
      {...rest}
      type="range"
      allowSingleDateInRange
      error={error ?? undefined}
      valueFormat={DATE_FORMAT}
      placeholder={props.placeholder ?? `${DATE_FORMAT} – ${DATE_FORMAT}`}
      excludeDate={onlyDates(availableDates)}
    />
  );
}

/** A month (month mode), shown MM/YYYY; the value is the month's first day "YYYY-MM-01". */
export function MonthField(props: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const { availableDates: _ignored, error, ...rest } = props;
  return (
    <MonthPickerInput
      {...rest}
      error={error ?? undefined}
      valueFormat={MONTH_FORMAT}
      placeholder={props.placeholder ?? MONTH_FORMAT}
    />
  );
}

/** A day and a time (the datetime type), shown MM/DD/YYYY hh:mm AM/PM; the value is "YYYY-MM-DD HH:mm:ss". */
export function DateTimeField(props: Common & { value: string | null; onChange: (value: string | null) => void }) {
  const { availableDates, error, ...rest } = props;
  return (
    <DateTimePicker
      {...rest}
      error={error ?? undefined}
      valueFormat={DATETIME_FORMAT}
      placeholder={props.placeholder ?? DATETIME_FORMAT}
      excludeDate={onlyDates(availableDates)}
    />
  );
}

import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { MEET_KEYS, type MeetKey } from "@rollbook/domain";
import { type FormEvent, useId, useRef, useState } from "react";
import { RequestError } from "../../lib/http.ts";
import { DateField } from "../../ui/dates/DatePicker.tsx";
import {
  COURSE_FIELD_ORDER,
  COURSE_LABELS,
  type CourseErrors,
  type CourseFieldKey,
  type CourseFormValues,
  courseFormErrors,
  formKeyOf,
  serverMessageInWords,
} from "./course-form.ts";

const DAY_NAMES: Record<MeetKey, string> = {
  meet_sun: "Sunday",
  meet_mon: "Monday",
  meet_tue: "Tuesday",
  meet_wed: "Wednesday",
  meet_thu: "Thursday",
  meet_fri: "Friday",
  meet_sat: "Saturday",
};

export interface CourseFormProps {
  initial: CourseFormValues;
  submitLabel: string;
  /** Saves; a RequestError naming a field puts its message on that field. */
  onSubmit: (values: CourseFormValues) => Promise<void>;
  onCancel: () => void;
  locations: readonly { value: string; label: string }[];
  /** The form's accessible name. */
  label: string;
}

/**
 * Every field of a course (spec section 3): title, crn, course number, subject, location,
 * times, semester or indefinite, meeting days, thresholds and the two switches. The client's
 * checks run on submit (and again on each change once shown); the server's field errors land
 * on their field, in the form's words; the first field at fault takes focus.
 */
export function CourseForm({ initial, submitLabel, onSubmit, onCancel, locations, label }: CourseFormProps) {
  const [values, setValues] = useState<CourseFormValues>(initial);
  const [errors, setErrors] = useState<CourseErrors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const daysErrorId = useId();

  const set = <K extends keyof CourseFormValues>(key: K, value: CourseFormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (checked) setErrors(courseFormErrors(next));
      return next;
    });
  };
  const setDay = (key: MeetKey, on: boolean) => set("days", { ...values.days, [key]: on });

  const focusField = (key: CourseFieldKey) => {
    const el = formRef.current?.querySelector<HTMLElement>(
      `[data-field="${key}"] input:not([type=hidden]), [data-field="${key}"] button, [data-field="${key}"] select`,
    );
    el?.focus();
  };

  const showErrors = (e: CourseErrors) => {
    setErrors(e);
    const first = COURSE_FIELD_ORDER.find((k) => e[k]);
    if (first) requestAnimationFrame(() => focusField(first));
    return first !== undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setChecked(true);
    if (showErrors(courseFormErrors(values))) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (err) {
      const server: CourseErrors = {};
      if (err instanceof RequestError) {
        for (const [field, messages] of Object.entries(err.errors)) {
          const key = formKeyOf(field);
          if (key && messages[0]) server[key] = serverMessageInWords(messages[0]);
        }
      }
      if (!showErrors(server)) setFormError(err instanceof Error ? err.message : "The course was not saved.");
    } finally {
      setBusy(false);
    }
  };

  const text = (
    key: "title" | "crn" | "course_number" | "subject",
    extra?: { required?: boolean; description?: string },
  ) => (
    <div data-field={key}>
      <TextInput
        label={COURSE_LABELS[key]}
        value={values[key]}
        onChange={(e) => set(key, e.currentTarget.value)}
        error={errors[key]}
        required={extra?.required}
        withAsterisk={false}
        description={extra?.description}
        autoComplete="off"
      />
    </div>
  );

  const number = (key: "late_time" | "absent_time" | "min_percentage", description: string) => (
    <div data-field={key}>
      <TextInput
        label={COURSE_LABELS[key]}
        value={values[key]}
        inputMode="numeric"
        onChange={(e) => set(key, e.currentTarget.value)}
        error={errors[key]}
        description={description}
        autoComplete="off"
      />
    </div>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text("title", { required: true })}
          {text("subject", { description: "Taken when saved; not shown afterwards" })}
          {text("crn")}
          {text("course_number")}
          <div data-field="location_id">
            <NativeSelect
              label={COURSE_LABELS.location_id}
              value={values.location_id}
              onChange={(e) => set("location_id", e.currentTarget.value)}
              error={errors.location_id}
              data={[{ value: "", label: "No location" }, ...locations]}
            />
          </div>
          <Box visibleFrom="sm" />
          <div data-field="start_time">
            <TimeInput
              label={COURSE_LABELS.start_time}
              value={values.start_time}
              onChange={(e) => set("start_time", e.currentTarget.value)}
              error={errors.start_time}
              required
              withAsterisk={false}
              description="In the school's time zone"
            />
          </div>
          <div data-field="end_time">
            <TimeInput
              label={COURSE_LABELS.end_time}
              value={values.end_time}
              onChange={(e) => set("end_time", e.currentTarget.value)}
              error={errors.end_time}
              required
              withAsterisk={false}
              description="After the start time"
            />
          </div>
        </SimpleGrid>
        <Checkbox
          label="Indefinite (no semester end)"
          checked={values.is_indefinite}
          onChange={(e) => set("is_indefinite", e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div data-field="semester_start">
            <DateField
              label={COURSE_LABELS.semester_start}
              value={values.semester_start}
              onChange={(v) => set("semester_start", v)}
              placeholder=""
              description="MM/DD/YYYY"
              error={errors.semester_start}
              clearable
            />
          </div>
          <div data-field="semester_end">
            <DateField
              label={COURSE_LABELS.semester_end}
              value={values.semester_end}
              onChange={(v) => set("semester_end", v)}
              error={errors.semester_end}
              clearable
              placeholder=""
              description={values.is_indefinite ? "MM/DD/YYYY; optional for an indefinite course" : "MM/DD/YYYY"}
            />
          </div>
        </SimpleGrid>
        <Fieldset
          legend={COURSE_LABELS.meet_days}
          data-field="meet_days"
          variant="unstyled"
          aria-describedby={errors.meet_days ? daysErrorId : undefined}
          aria-invalid={errors.meet_days ? true : undefined}
        >
          <Group gap="md" wrap="wrap">
            {MEET_KEYS.map((k) => (
              <Checkbox
                key={k}
                label={DAY_NAMES[k]}
                checked={values.days[k]}
                onChange={(e) => setDay(k, e.currentTarget.checked)}
              />
            ))}
          </Group>
          {errors.meet_days && (
            <Text id={daysErrorId} c="red.9" size="sm" mt={4}>
              {errors.meet_days}
            </Text>
          )}
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {number("late_time", "Blank: the school's")}
          {number("absent_time", "Blank: the school's")}
          {number("min_percentage", "Share of the class to be present; blank: the default")}
        </SimpleGrid>
        <Group gap="lg" wrap="wrap">
          <Checkbox
            label="Alert students"
            description="E-mail students about their own lateness and absence"
            checked={values.alerts_students}
            onChange={(e) => set("alerts_students", e.currentTarget.checked)}
          />
          <Checkbox
            label="Manual attendance"
            description="Staff mark attendance; phones are not used"
            checked={values.manual_attendance}
            onChange={(e) => set("manual_attendance", e.currentTarget.checked)}
          />
        </Group>
        {formError && (
          <Text role="alert" c="red.9" size="sm">
            {formError}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
import { useId } from "react";
import { DateField } from "../../ui/dates/DatePicker.tsx";
import { firstError } from "../../ui/form/server-errors.ts";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import {
  COURSE_FIELD_ORDER,
  COURSE_LABELS,
  type CourseFormValues,
  courseFormErrors,
  courseServerErrors,
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
  const { form, formError, busy, submit } = useRecordForm({
    name: "course",
    initialValues: initial,
    unsaved: "the course",
    validate: courseFormErrors,
    order: COURSE_FIELD_ORDER,
    labels: COURSE_LABELS,
  });
  const values = form.values;
  const daysErrorId = useId();

  // the course words the server's field errors its own way (every field name in the message in
  // words, a day's error on the days), so it puts them itself; other refusals go to the hook
  const save = async (v: CourseFormValues) => {
    try {
      await onSubmit(v);
    } catch (err) {
      const fields = courseServerErrors(err);
      const first = firstError(COURSE_FIELD_ORDER, fields);
      if (!first) throw err;
      form.setErrors(fields);
      form.getInputNode(first)?.focus();
    }
  };

  const text = (
    key: "title" | "crn" | "course_number" | "subject",
    extra?: { required?: boolean; description?: string },
  ) => (
    <div data-field={key}>
      <TextInput
        {...form.getInputProps(key)}
        label={COURSE_LABELS[key]}
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
        {...form.getInputProps(key)}
        label={COURSE_LABELS[key]}
        inputMode="numeric"
        description={description}
        autoComplete="off"
      />
    </div>
  );

  return (
    <form onSubmit={submit(save)} noValidate aria-label={label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text("title", { required: true })}
          {text("subject", { description: "Taken when saved; not shown afterwards" })}
          {text("crn")}
          {text("course_number")}
          <div data-field="location_id">
            <NativeSelect
              {...form.getInputProps("location_id")}
              label={COURSE_LABELS.location_id}
              data={[{ value: "", label: "No location" }, ...locations]}
            />
          </div>
          <Box visibleFrom="sm" />
          <div data-field="start_time">
            <TimeInput
              {...form.getInputProps("start_time")}
              label={COURSE_LABELS.start_time}
              required
              withAsterisk={false}
              description="In the school's time zone"
            />
          </div>
          <div data-field="end_time">
            <TimeInput
              {...form.getInputProps("end_time")}
              label={COURSE_LABELS.end_time}
              required
              withAsterisk={false}
              description="After the start time"
            />
          </div>
        </SimpleGrid>
        <Checkbox {...form.getInputProps("is_indefinite", { type: "checkbox" })} label="Indefinite (no semester end)" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div data-field="semester_start">
            <DateField
              {...form.getInputProps("semester_start")}
              label={COURSE_LABELS.semester_start}
              value={values.semester_start}
              placeholder=""
              description="MM/DD/YYYY"
              clearable
            />
          </div>
          <div data-field="semester_end">
            <DateField
              {...form.getInputProps("semester_end")}
              label={COURSE_LABELS.semester_end}
              value={values.semester_end}
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
          aria-describedby={form.errors.meet_days ? daysErrorId : undefined}
          aria-invalid={form.errors.meet_days ? true : undefined}
        >
          <Group gap="md" wrap="wrap">
            {MEET_KEYS.map((k, i) => (
              <Checkbox
                key={k}
                // the first day carries the days' data-path: their error focuses it
                {...(i === 0 ? form.getInputProps("meet_days", { type: "checkbox", withError: false }) : {})}
                label={DAY_NAMES[k]}
                checked={values.meet_days[k]}
                onChange={(e) => form.setFieldValue(`meet_days.${k}`, e.currentTarget.checked)}
              />
            ))}
          </Group>
          {form.errors.meet_days && (
            <Text id={daysErrorId} c="red.9" size="sm" mt={4}>
              {form.errors.meet_days}
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
            {...form.getInputProps("alerts_students", { type: "checkbox" })}
            label="Alert students"
            description="E-mail students about their own lateness and absence"
          />
          <Checkbox
            {...form.getInputProps("manual_attendance", { type: "checkbox" })}
            label="Manual attendance"
            description="Staff mark attendance; phones are not used"
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

import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { type FormEvent, useRef, useState } from "react";
import { DateField } from "../../ui/dates/DatePicker.tsx";
import { type Errors, firstError, serverErrors } from "../../ui/form/server-errors.ts";
import {
  EVENT_FIELD_ORDER,
  EVENT_LABELS,
  type EventField,
  type EventFormValues,
  eventFormErrors,
} from "./event-form.ts";

type Option = { value: string; label: string };

export interface EventFormProps {
  initial: EventFormValues;
  submitLabel: string;
  /** Saves; a refusal naming a field puts its message on that field. */
  onSubmit: (values: EventFormValues) => Promise<void>;
  onCancel: () => void;
  locations: readonly Option[];
  teams: readonly Option[];
  /** Students holding a seat (edit): the capacity may not go under it. */
  attending?: number;
  /** The form's accessible name. */
  label: string;
}

/**
 * Every field of an event: title, description, date and times, location, capacity and
 * visibility, the thresholds, drop cutoff (default 240), alerts, required and the team it is
 * restricted to. The client's checks run on submit (and on each change once shown); the server's
 * field errors land on their field; the first field at fault takes focus.
 */
export function EventForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  locations,
  teams,
  attending = 0,
  label,
}: EventFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<EventField>>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends EventField>(key: K, value: EventFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (checked) setErrors(eventFormErrors(next, attending));
  };
  const focus = (e: Errors<EventField>) => {
    const k = firstError(EVENT_FIELD_ORDER, e);
    if (k)
      formRef.current
        ?.querySelector<HTMLElement>(
          `[data-field="${k}"] input:not([type=hidden]), [data-field="${k}"] textarea, [data-field="${k}"] select, [data-field="${k}"] button`,
        )
        ?.focus();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setFormError(null);
    const found = eventFormErrors(values, attending);
    setErrors(found);
    if (Object.keys(found).length) return focus(found);
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (err) {
      const { fields, rest } = serverErrors(err, EVENT_LABELS, { location: "location_id", team: "restricted_by" });
      setErrors(fields);
      setFormError(rest);
      focus(fields);
    } finally {
      setBusy(false);
    }
  };
  const text = (key: EventField, props: { description?: string; inputMode?: "numeric"; required?: boolean } = {}) => (
    <div data-field={key}>
      <TextInput
        label={EVENT_LABELS[key]}
        description={props.description}
        inputMode={props.inputMode}
        required={props.required}
        withAsterisk={false}
        value={values[key] as string}
        error={errors[key]}
        onChange={(e) => set(key, e.currentTarget.value as never)}
      />
    </div>
  );
  const locationOptions =
    values.location_id && !locations.some((l) => l.value === values.location_id)
      ? [{ value: values.location_id, label: `Location ${values.location_id}` }, ...locations]
      : locations;

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <Stack gap="sm">
        {text("title", { required: true })}
        <div data-field="description">
          <Textarea
            label={EVENT_LABELS.description}
            autosize
            minRows={2}
            value={values.description}
            error={errors.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div data-field="date">
            <DateField
              label={EVENT_LABELS.date}
              value={values.date}
              error={errors.date}
              onChange={(d) => set("date", d)}
            />
          </div>
          <div data-field="start_time">
            <TimeInput
              label={EVENT_LABELS.start_time}
              required
              withAsterisk={false}
              value={values.start_time}
              error={errors.start_time}
              onChange={(e) => set("start_time", e.currentTarget.value)}
            />
          </div>
          <div data-field="end_time">
            <TimeInput
              label={EVENT_LABELS.end_time}
              required
              withAsterisk={false}
              value={values.end_time}
              error={errors.end_time}
              onChange={(e) => set("end_time", e.currentTarget.value)}
            />
          </div>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div data-field="location_id">
            <NativeSelect
              label={EVENT_LABELS.location_id}
              value={values.location_id}
              error={errors.location_id}
              onChange={(e) => set("location_id", e.currentTarget.value)}
              data={[{ value: "", label: "No location" }, ...locationOptions]}
            />
          </div>
          {text("capacity", {
            inputMode: "numeric",
            description: "Empty: no limit; past it, students join the waitlist",
          })}
          <div data-field="visibility">
            <NativeSelect
              label={EVENT_LABELS.visibility}
              description="Public events have a signup page"
              value={values.visibility}
              error={errors.visibility}
              onChange={(e) => set("visibility", e.currentTarget.value === "public" ? "public" : "private")}
              data={[
                { value: "private", label: "Private" },
                { value: "public", label: "Public" },
              ]}
            />
          </div>
        </SimpleGrid>
        <Fieldset legend="Attendance rules" variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text("late_time", { inputMode: "numeric", description: "Empty: the school's setting" })}
            {text("absent_time", { inputMode: "numeric", description: "Empty: the school's setting" })}
            {text("min_percentage", { inputMode: "numeric", description: "Empty: the school's setting" })}
            {text("drop_cutoff", {
              inputMode: "numeric",
              description: "Students may drop until this long before the start",
            })}
          </SimpleGrid>
        </Fieldset>
        <div data-field="restricted_by">
          <Select
            label={EVENT_LABELS.restricted_by}
            description="Only this team's students may be on the event"
            placeholder="Open to every student"
            clearable
            searchable
            value={values.restricted_by || null}
            error={errors.restricted_by}
            onChange={(v) => set("restricted_by", v ?? "")}
            data={[...teams]}
            nothingFoundMessage="No matching data"
            comboboxProps={{ withinPortal: true }}
          />
        </div>
        <Group gap="lg">
          <div data-field="alerts_students">
            <Checkbox
              label={EVENT_LABELS.alerts_students}
              checked={values.alerts_students}
              onChange={(e) => set("alerts_students", e.currentTarget.checked)}
            />
          </div>
          <div data-field="required">
            <Checkbox
              label={EVENT_LABELS.required}
              checked={values.required}
              onChange={(e) => set("required", e.currentTarget.checked)}
            />
          </div>
        </Group>
        {formError && (
          <Alert color="red" role="alert" title="Not saved">
            {formError}
          </Alert>
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

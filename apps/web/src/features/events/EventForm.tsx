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
import { DateField } from "../../ui/dates/DatePicker.tsx";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
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
  const { form, formError, busy, submit } = useRecordForm({
    name: "event",
    initialValues: initial,
    unsaved: "the event",
    validate: (v: EventFormValues) => eventFormErrors(v, attending),
    order: EVENT_FIELD_ORDER,
    labels: EVENT_LABELS,
    aliases: { location: "location_id", team: "restricted_by" },
  });
  const values = form.values;
  const text = (key: EventField, props: { description?: string; inputMode?: "numeric"; required?: boolean } = {}) => (
    <div data-field={key}>
      <TextInput
        {...form.getInputProps(key)}
        label={EVENT_LABELS[key]}
        description={props.description}
        inputMode={props.inputMode}
        required={props.required}
        withAsterisk={false}
      />
    </div>
  );
  const locationOptions =
    values.location_id && !locations.some((l) => l.value === values.location_id)
      ? [{ value: values.location_id, label: `Location ${values.location_id}` }, ...locations]
      : locations;

  return (
    <form onSubmit={submit(onSubmit)} noValidate aria-label={label}>
      <Stack gap="sm">
        {text("title", { required: true })}
        <div data-field="description">
          <Textarea {...form.getInputProps("description")} label={EVENT_LABELS.description} autosize minRows={2} />
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div data-field="date">
            <DateField {...form.getInputProps("date")} label={EVENT_LABELS.date} value={values.date} />
          </div>
          <div data-field="start_time">
            <TimeInput
              {...form.getInputProps("start_time")}
              label={EVENT_LABELS.start_time}
              required
              withAsterisk={false}
            />
          </div>
          <div data-field="end_time">
            <TimeInput
              {...form.getInputProps("end_time")}
              label={EVENT_LABELS.end_time}
              required
              withAsterisk={false}
            />
          </div>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div data-field="location_id">
            <NativeSelect
              {...form.getInputProps("location_id")}
              label={EVENT_LABELS.location_id}
              data={[{ value: "", label: "No location" }, ...locationOptions]}
            />
          </div>
          {text("capacity", {
            inputMode: "numeric",
            description: "Empty: no limit; past it, students join the waitlist",
          })}
          <div data-field="visibility">
            <NativeSelect
              {...form.getInputProps("visibility")}
              label={EVENT_LABELS.visibility}
              description="Public events have a signup page"
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
            {...form.getInputProps("restricted_by")}
            label={EVENT_LABELS.restricted_by}
            description="Only this team's students may be on the event"
            placeholder="Open to every student"
            clearable
            searchable
            // the form keeps "" for none; the Select takes null
            value={values.restricted_by || null}
            onChange={(v) => form.setFieldValue("restricted_by", v ?? "")}
            data={[...teams]}
            nothingFoundMessage="No matching data"
          />
        </div>
        <Group gap="lg">
          <div data-field="alerts_students">
            <Checkbox
              {...form.getInputProps("alerts_students", { type: "checkbox" })}
              label={EVENT_LABELS.alerts_students}
            />
          </div>
          <div data-field="required">
            <Checkbox {...form.getInputProps("required", { type: "checkbox" })} label={EVENT_LABELS.required} />
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

import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { TEAM_FIELD_ORDER, TEAM_LABELS, type TeamFormValues, teamFormErrors } from "./team-form.ts";

export interface TeamFormProps {
  initial: TeamFormValues;
  submitLabel: string;
  /** Saves; a refusal naming a field puts its message on that field. */
  onSubmit: (values: TeamFormValues) => Promise<void>;
  onCancel: () => void;
  /** The form's accessible name. */
  label: string;
}

/**
 * A team's fields: name, tag, sport team, visibility. The client's checks run on submit (and on
 * every change once shown); the server's field errors land on their field; the first field at
 * fault takes focus.
 */
export function TeamForm({ initial, submitLabel, onSubmit, onCancel, label }: TeamFormProps) {
  const { form, formError, busy, submit } = useRecordForm({
    name: "team",
    initialValues: initial,
    unsaved: "the team",
    validate: teamFormErrors,
    order: TEAM_FIELD_ORDER,
    labels: TEAM_LABELS,
  });

  return (
    <form onSubmit={submit(onSubmit)} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput
          {...form.getInputProps("name")}
          label={TEAM_LABELS.name}
          required
          withAsterisk={false}
          data-field="name"
        />
        <TextInput
          label={TEAM_LABELS.tag}
          description="A short label, e.g. a season or a squad"
          {...form.getInputProps("tag")}
          data-field="tag"
        />
        <Checkbox {...form.getInputProps("is_sport", { type: "checkbox" })} label={TEAM_LABELS.is_sport} />
        <NativeSelect
          {...form.getInputProps("visibility")}
          label={TEAM_LABELS.visibility}
          data={[
            { value: "private", label: "Private" },
            { value: "public", label: "Public" },
          ]}
        />
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

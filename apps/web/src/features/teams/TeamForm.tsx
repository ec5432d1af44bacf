import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { type Errors, firstError, serverErrors } from "./form-errors.ts";
import { TEAM_FIELD_ORDER, TEAM_LABELS, type TeamField, type TeamFormValues, teamFormErrors } from "./team-form.ts";

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<TeamField>>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    tag: useRef<HTMLInputElement>(null),
    is_sport: useRef<HTMLInputElement>(null),
    visibility: useRef<HTMLSelectElement>(null),
  };
  const focus = (e: Errors<TeamField>) => {
    const k = firstError(TEAM_FIELD_ORDER, e);
    if (k) refs[k].current?.focus();
  };
  const set = <K extends TeamField>(key: K, value: TeamFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (checked) setErrors(teamFormErrors(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setFormError(null);
    const found = teamFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return focus(found);
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (err) {
      const { fields, rest } = serverErrors(err, TEAM_LABELS);
      setErrors(fields);
      setFormError(rest);
      focus(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput
          ref={refs.name}
          label={TEAM_LABELS.name}
          required
          withAsterisk={false}
          value={values.name}
          error={errors.name}
          onChange={(e) => set("name", e.currentTarget.value)}
          data-field="name"
        />
        <TextInput
          ref={refs.tag}
          label={TEAM_LABELS.tag}
          description="A short label, e.g. a season or a squad"
          value={values.tag}
          error={errors.tag}
          onChange={(e) => set("tag", e.currentTarget.value)}
          data-field="tag"
        />
        <Checkbox
          ref={refs.is_sport}
          label={TEAM_LABELS.is_sport}
          checked={values.is_sport}
          error={errors.is_sport}
          onChange={(e) => set("is_sport", e.currentTarget.checked)}
        />
        <NativeSelect
          ref={refs.visibility}
          label={TEAM_LABELS.visibility}
          value={values.visibility}
          error={errors.visibility}
          onChange={(e) => set("visibility", e.currentTarget.value === "public" ? "public" : "private")}
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

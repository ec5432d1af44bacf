import { Button, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { serverErrors } from "../../ui/form/server-errors.ts";
import { LOCATION_LABELS, type LocationFormValues, locationVariables, withCoordinateText } from "./location-form.ts";

type Vars = Extract<ReturnType<typeof locationVariables>, { ok: true }>["variables"];
const ORDER = Object.keys(LOCATION_LABELS) as (keyof LocationFormValues)[];

/**
 * A location's name, place id, geofence (centre typed, or pasted as "lat, lng" into either
 * coordinate, and radius) and note. The server checks again and names its field.
 */
export function LocationForm(props: {
  initial: LocationFormValues;
  submitLabel: string;
  formLabel: string;
  onSubmit: (v: Vars) => Promise<void>;
  onCancel?: () => void;
}) {
  const [v, setV] = useState(props.initial);
  const [errors, setErrors] = useState<Partial<Record<keyof LocationFormValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const focus = (e: Partial<Record<keyof LocationFormValues, string>>) => {
    const k = ORDER.find((f) => e[f]);
    if (k) ref.current?.querySelector<HTMLElement>(`[data-field="${k}"] input, [data-field="${k}"] textarea`)?.focus();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const checked = locationVariables(v);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focus(checked.errors);
    }
    setErrors({});
    setBusy(true);
    try {
      await props.onSubmit(checked.variables);
    } catch (err) {
      const { fields, rest } = serverErrors(err, LOCATION_LABELS);
      setErrors(fields);
      setFormError(rest);
      focus(fields);
    } finally {
      setBusy(false);
    }
  };
  const coordinate = (key: "latitude" | "longitude") => (
    <div data-field={key}>
      <TextInput
        label={LOCATION_LABELS[key]}
        value={v[key]}
        error={errors[key]}
        inputMode="decimal"
        description={key === "latitude" ? 'Or paste "lat, lng" here' : undefined}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setV((x) => withCoordinateText(x, key, text));
        }}
      />
    </div>
  );
  return (
    <form ref={ref} onSubmit={(e) => void submit(e)} noValidate aria-label={props.formLabel}>
      <Stack gap="sm">
        {formError && (
          <Text c="red.8" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div data-field="name">
            <TextInput
              label={LOCATION_LABELS.name}
              value={v.name}
              error={errors.name}
              data-autofocus
              onChange={(e) => {
                const name = e.currentTarget.value;
                setV((x) => ({ ...x, name }));
              }}
            />
          </div>
          <div data-field="place_id">
            <TextInput
              label={LOCATION_LABELS.place_id}
              description="Optional: a maps service's id of the place"
              value={v.place_id}
              error={errors.place_id}
              onChange={(e) => {
                const place_id = e.currentTarget.value;
                setV((x) => ({ ...x, place_id }));
              }}
            />
          </div>
          {coordinate("latitude")}
          {coordinate("longitude")}
          <div data-field="radius">
            <NumberInput
              label={LOCATION_LABELS.radius}
              description="10 to 5000"
              value={v.radius}
              error={errors.radius}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              onChange={(value) => setV((x) => ({ ...x, radius: String(value) }))}
            />
          </div>
        </SimpleGrid>
        <div data-field="note">
          <Textarea
            label={LOCATION_LABELS.note}
            value={v.note}
            error={errors.note}
            autosize
            minRows={2}
            onChange={(e) => {
              const note = e.currentTarget.value;
              setV((x) => ({ ...x, note }));
            }}
          />
        </div>
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

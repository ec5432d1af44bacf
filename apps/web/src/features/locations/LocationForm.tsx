import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { LOCATION_RADIUS } from "@rollbook/domain";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import {
  LOCATION_FIELD_ORDER,
  LOCATION_LABELS,
  type LocationFormValues,
  locationFormErrors,
  locationVariables,
  withCoordinateText,
} from "./location-form.ts";

type Vars = ReturnType<typeof locationVariables>;

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
  const { form, formError, busy, submit } = useRecordForm({
    name: "location",
    initialValues: props.initial,
    validate: locationFormErrors,
    order: LOCATION_FIELD_ORDER,
    labels: LOCATION_LABELS,
    unsaved: "the location",
  });
  const coordinate = (key: "latitude" | "longitude") => (
    <div data-field={key}>
      <TextInput
        {...form.getInputProps(key)}
        label={LOCATION_LABELS[key]}
        inputMode="decimal"
        description={key === "latitude" ? 'Or paste "lat, lng" here' : undefined}
        onChange={(e) => {
          // a pasted pair fills both; field by field, as setValues would clear the checks' errors
          const next = withCoordinateText(form.getValues(), key, e.currentTarget.value);
          form.setFieldValue("latitude", next.latitude);
          form.setFieldValue("longitude", next.longitude);
        }}
      />
    </div>
  );
  return (
    <form
      onSubmit={submit(async (v) => {
        await props.onSubmit(locationVariables(v));
        // an edit stays open on the saved values (a new location's dialog is gone by now)
        form.resetDirty();
      })}
      noValidate
      aria-label={props.formLabel}
    >
      <Stack gap="sm">
        {formError && (
          <Text c="red.8" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div data-field="name">
            <TextInput {...form.getInputProps("name")} label={LOCATION_LABELS.name} data-autofocus />
          </div>
          <div data-field="place_id">
            <TextInput
              {...form.getInputProps("place_id")}
              label={LOCATION_LABELS.place_id}
              description="Optional: a maps service's id of the place"
            />
          </div>
          {coordinate("latitude")}
          {coordinate("longitude")}
          <div data-field="radius">
            {/* text kept as typed (NumberInput dropped a minus sign or a decimal point unsaid): the checks say what is wrong */}
            <TextInput
              {...form.getInputProps("radius")}
              label={LOCATION_LABELS.radius}
              description={`${LOCATION_RADIUS.min} to ${LOCATION_RADIUS.max}`}
              inputMode="numeric"
            />
          </div>
        </SimpleGrid>
        <div data-field="note">
          <Textarea {...form.getInputProps("note")} label={LOCATION_LABELS.note} autosize minRows={2} />
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

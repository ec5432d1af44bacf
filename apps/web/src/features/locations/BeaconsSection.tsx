import { Badge, Button, Group, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { ActionsHeader } from "../../ui/ActionsHeader.tsx";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { confirm, isDeclined } from "../../ui/confirm.tsx";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { serverErrors } from "../../ui/form/server-errors.ts";
import { useUnsavedChanges } from "../../ui/form/unsaved-changes.tsx";
import { notify } from "../../ui/notify.tsx";
import { lastSeen } from "../users/format.ts";
import { ActivateBeaconDocument, AddBeaconsDocument, type BeaconRow, RemoveBeaconDocument } from "./queries.ts";

/** Below this battery a beacon is flagged (in words, not colour alone). */
export const LOW_BATTERY = 20;

/** "ab-01, AB-02 ab03": the factory ids typed, split on commas and spaces. */
export const factoryIdsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

function Battery({ value }: { value: number | null | undefined }) {
  if (value == null) return <>Unknown</>;
  return value < LOW_BATTERY ? (
    <Badge color="red" variant="light" c="red.9" tt="none">
      {value}% (low)
    </Badge>
  ) : (
    <>{value}%</>
  );
}

/** A location's beacons: factory id, battery, last seen, active; add by factory id, activate, take off. */
export function BeaconsSection(props: {
  locationId: number;
  locationName: string;
  beacons: readonly BeaconRow[];
  /** The school's: last seen is on its clock. */
  timeZone: string;
  onChanged: () => Promise<unknown>;
}) {
  // one box: any refusal shows on it, and it keeps its message until the next try
  const form = useForm({
    name: "beacons",
    initialValues: { factory_ids: "" },
    validate: { factory_ids: (text) => (factoryIdsOf(text).length ? null : "Factory id is required") },
    clearInputErrorOnChange: false,
  });
  const [busy, setBusy] = useState<string | null>(null);
  useUnsavedChanges(factoryIdsOf(form.values.factory_ids).length > 0 && !form.submitting, "the new beacons");

  const add = form.onSubmit(async ({ factory_ids }) => {
    const ids = factoryIdsOf(factory_ids);
    try {
      await execute(AddBeaconsDocument, { location_id: props.locationId, factory_ids: ids });
      notify.success(ids.length === 1 ? "The beacon was added." : `${ids.length} beacons were added.`);
      form.reset();
      await props.onChanged();
    } catch (err) {
      const { fields, rest } = serverErrors(err, { factory_ids: "Factory id" });
      form.setFieldError("factory_ids", fields.factory_ids ?? rest);
    }
  });

  const act = async (
    key: string,
    fn: () => Promise<unknown>,
    done: string,
    ask?: { title: string; message: string },
  ) => {
    try {
      if (ask) await confirm({ ...ask, danger: true });
      setBusy(key);
      await fn();
      notify.success(done);
      await props.onChanged();
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <DetailSection title="Beacons">
      {props.beacons.length === 0 ? (
        <Text size="sm" mb="sm">
          No beacons at this location.
        </Text>
      ) : (
        // the caption above the table, outside its sideways scroll: on a phone a <caption> scrolled
        // with the table and was cut off ("Beacons of Main H")
        <CaptionedTable caption={`Beacons of ${props.locationName}`} minWidth={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Factory id</Table.Th>
              <Table.Th scope="col">Battery</Table.Th>
              <Table.Th scope="col">Last seen</Table.Th>
              <Table.Th scope="col">State</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.beacons.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Th scope="row" fw={400} ff="monospace">
                  {b.factory_id}
                  {b.name ? ` (${b.name})` : ""}
                </Table.Th>
                <Table.Td>
                  <Battery value={b.battery} />
                </Table.Td>
                <Table.Td>{lastSeen(b.last_seen, props.timeZone)}</Table.Td>
                <Table.Td>{b.active ? "Active" : "Not active"}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={busy === `active-${b.id}`}
                      aria-label={`${b.active ? "Deactivate" : "Activate"} beacon ${b.factory_id}`}
                      onClick={() =>
                        void act(
                          `active-${b.id}`,
                          () => execute(ActivateBeaconDocument, { id: b.id, active: !b.active }),
                          `Beacon ${b.factory_id} is ${b.active ? "no longer active" : "active"}.`,
                        )
                      }
                    >
                      {b.active ? "Deactivate" : "Activate"}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      loading={busy === `remove-${b.id}`}
                      aria-label={`Remove beacon ${b.factory_id}`}
                      onClick={() =>
                        void act(
                          `remove-${b.id}`,
                          () => execute(RemoveBeaconDocument, { id: b.id }),
                          `Beacon ${b.factory_id} was taken off ${props.locationName}.`,
                          {
                            title: "Remove beacon",
                            message: `Take beacon ${b.factory_id} off ${props.locationName}? It can be added again.`,
                          },
                        )
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
      <form onSubmit={add} noValidate aria-label="Add beacons">
        <Group align="end" gap="sm" mt="sm" wrap="wrap">
          <TextInput
            {...form.getInputProps("factory_ids")}
            label="Factory id"
            description="One or more, separated by commas; stored upper-case"
            w={{ base: "100%", xs: 320 }}
          />
          <Button type="submit" loading={form.submitting}>
            Add beacon
          </Button>
        </Group>
      </form>
    </DetailSection>
  );
}

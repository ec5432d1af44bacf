import { Button, Group, SimpleGrid, Table, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { ActionsHeader } from "../../ui/ActionsHeader.tsx";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { confirm, isDeclined } from "../../ui/confirm.tsx";
import { DateField } from "../../ui/dates/DatePicker.tsx";
import { formatDate } from "../../ui/dates/date-format.ts";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { useRecordForm } from "../../ui/form/use-record-form.ts";
import { notify } from "../../ui/notify.tsx";
import { CLOSURE_LABELS, CLOSURE_ORDER, type ClosureValues, closureErrors, EMPTY_CLOSURE } from "./closure-form.ts";
import { type Closure, CreateClosureDocument, RemoveClosureDocument, SCHOOL_SETTINGS_KEY } from "./queries.ts";

/** The school's closures: listed by first day, added (title, first and last day) and removed. */
export function ClosuresPanel({ closures }: { closures: readonly Closure[] }) {
  const client = useQueryClient();
  const { form, busy, submit } = useRecordForm({
    name: "closure",
    initialValues: EMPTY_CLOSURE,
    validate: closureErrors,
    order: CLOSURE_ORDER,
    labels: CLOSURE_LABELS,
    onUnnamed: notify.error,
    unsaved: "the new closure",
  });
  const [removing, setRemoving] = useState<Closure["id"] | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: SCHOOL_SETTINGS_KEY });

  const add = async (v: ClosureValues) => {
    await execute(CreateClosureDocument, {
      title: v.title,
      start_date: v.start_date as string,
      end_date: v.end_date as string,
    });
    notify.success(`${v.title.trim()} was added: its sessions are cancelled.`);
    form.reset();
    await refresh();
  };

  const remove = async (c: Closure) => {
    try {
      await confirm({
        title: "Remove closure",
        message: `Remove ${c.title}? Its class dates are judged again.`,
        danger: true,
      });
      setRemoving(c.id);
      await execute(RemoveClosureDocument, { id: c.id });
      notify.success(`${c.title} was removed.`);
      await refresh();
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setRemoving(null);
    }
  };

  return (
    <DetailSection title="Closures">
      <Text size="sm" c="dimmed" mb="sm">
        Every class and event on a closed day is cancelled.
      </Text>
      {closures.length === 0 ? (
        <Text size="sm" mb="sm">
          No closures.
        </Text>
      ) : (
        // the caption above the table, outside its sideways scroll: on a phone a <caption> scrolled
        // with the table and was cut off
        <CaptionedTable caption="Closures of the school" minWidth={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Title</Table.Th>
              <Table.Th scope="col">First day</Table.Th>
              <Table.Th scope="col">Last day</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {closures.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Th scope="row" fw={400}>
                  {c.title}
                </Table.Th>
                <Table.Td>{formatDate(c.start_date)}</Table.Td>
                <Table.Td>{formatDate(c.end_date)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={removing === c.id}
                    onClick={() => void remove(c)}
                    aria-label={`Remove the closure ${c.title}`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
      <form onSubmit={submit(add)} noValidate aria-label="Add a closure">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm">
          <TextInput label={CLOSURE_LABELS.title} {...form.getInputProps("title")} />
          <DateField
            label={CLOSURE_LABELS.start_date}
            {...form.getInputProps("start_date")}
            value={form.values.start_date}
            // a first day also fills an empty last day (field by field: setValues clears every error)
            onChange={(d) => {
              const end = form.getValues().end_date;
              form.setFieldValue("start_date", d);
              if (end === null) form.setFieldValue("end_date", d);
            }}
          />
          <DateField
            label={CLOSURE_LABELS.end_date}
            {...form.getInputProps("end_date")}
            value={form.values.end_date}
            minDate={form.values.start_date ?? undefined}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" loading={busy}>
            Add closure
          </Button>
        </Group>
      </form>
    </DetailSection>
  );
}

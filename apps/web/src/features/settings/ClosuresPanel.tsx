import { Button, Group, SimpleGrid, Table, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { confirm, isDeclined } from "../../ui/confirm.tsx";
import { DateField } from "../../ui/dates/DatePicker.tsx";
import { formatDate } from "../../ui/dates/date-format.ts";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { serverErrors } from "../../ui/form/server-errors.ts";
import { notify } from "../../ui/notify.tsx";
import { type Closure, CreateClosureDocument, RemoveClosureDocument, SCHOOL_SETTINGS_KEY } from "./queries.ts";

const LABELS = { title: "Title", start_date: "First day", end_date: "Last day" } as const;
type Field = keyof typeof LABELS;

/** The school's closures: listed by first day, added (title, first and last day) and removed. */
export function ClosuresPanel({ closures }: { closures: readonly Closure[] }) {
  const client = useQueryClient();
  const [v, setV] = useState<{ title: string; start_date: string | null; end_date: string | null }>({
    title: "",
    start_date: null,
    end_date: null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: SCHOOL_SETTINGS_KEY });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (!v.title.trim()) local.title = "Title is required";
    if (!v.start_date) local.start_date = "First day is required";
    if (!v.end_date) local.end_date = "Last day is required";
    else if (v.start_date && v.end_date < v.start_date) local.end_date = "Last day must be on or after the first day";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy("add");
    try {
      await execute(CreateClosureDocument, {
        title: v.title,
        start_date: v.start_date as string,
        end_date: v.end_date as string,
      });
      notify.success(`${v.title.trim()} was added: its sessions are cancelled.`);
      setV({ title: "", start_date: null, end_date: null });
      await refresh();
    } catch (err) {
      const { fields, rest } = serverErrors(err, LABELS);
      setErrors(fields);
      if (rest) notify.error(rest);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (c: Closure) => {
    try {
      await confirm({
        title: "Remove closure",
        message: `Remove ${c.title}? Its class dates are judged again.`,
        danger: true,
      });
      setBusy(`remove-${c.id}`);
      await execute(RemoveClosureDocument, { id: c.id });
      notify.success(`${c.title} was removed.`);
      await refresh();
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setBusy(null);
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
        <Table.ScrollContainer minWidth={420} type="native">
          <Table striped captionSide="top">
            <Table.Caption>Closures of the school</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">First day</Table.Th>
                <Table.Th scope="col">Last day</Table.Th>
                <Table.Th scope="col">
                  <span className="sr-only">Actions</span>
                </Table.Th>
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
                      loading={busy === `remove-${c.id}`}
                      onClick={() => void remove(c)}
                      aria-label={`Remove the closure ${c.title}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <form onSubmit={(e) => void add(e)} noValidate aria-label="Add a closure">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm">
          <TextInput
            label={LABELS.title}
            value={v.title}
            error={errors.title}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setV((x) => ({ ...x, title }));
            }}
          />
          <DateField
            label={LABELS.start_date}
            value={v.start_date}
            error={errors.start_date}
            onChange={(d) => setV((x) => ({ ...x, start_date: d, end_date: x.end_date ?? d }))}
          />
          <DateField
            label={LABELS.end_date}
            value={v.end_date}
            error={errors.end_date}
            minDate={v.start_date ?? undefined}
            onChange={(d) => setV((x) => ({ ...x, end_date: d }))}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" loading={busy === "add"}>
            Add closure
          </Button>
        </Group>
      </form>
    </DetailSection>
  );
}

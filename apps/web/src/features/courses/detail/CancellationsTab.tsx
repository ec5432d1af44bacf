import { Alert, Button, Group, Stack, Table, Text, Textarea } from "@mantine/core";
import { localDate } from "@rollbook/domain";
import { type FormEvent, useMemo, useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import { DateField } from "../../../ui/dates/DatePicker.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { notify } from "../../../ui/notify.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import {
  type CourseDetail,
  CreateCancellationDocument,
  RemoveCancellationDocument,
  useCourseCancellations,
  useRefreshCourse,
} from "../queries.ts";
import { cancellableDates, dateMessage } from "./cancellation-dates.ts";

/**
 * The course's called-off dates (cancellations permission): a list with remove (confirm), and a
 * form whose date picker offers only the course's meeting days in its semester; the server's
 * refusal lands on the field it names.
 */
export function CancellationsTab({ course, timeZone }: { course: CourseDetail; timeZone: string }) {
  const list = useCourseCancellations(course.uuid, course.id);
  const refresh = useRefreshCourse(course.uuid);
  const [date, setDate] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<{ date?: string; notes?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const today = localDate(new Date(), timeZone);
  const allowed = useMemo(() => cancellableDates(course, today), [course, today]);
  const taken = new Set(list.data?.data.map((c) => c.date.slice(0, 10)) ?? []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!date) return setErrors({ date: "Date is required" });
    setErrors({});
    setBusy(true);
    try {
      await execute(CreateCancellationDocument, { course_id: course.id, date, notes: notes.trim() || null });
      notify.success(`${course.title} is cancelled on ${formatDate(date)}.`);
      setDate(null);
      setNotes("");
      await refresh();
    } catch (err) {
      const field = err instanceof RequestError ? Object.keys(err.errors)[0] : undefined;
      const message = err instanceof Error ? err.message : "The cancellation was not made.";
      if (field === "date") setErrors({ date: dateMessage(message) });
      else if (field === "notes") setErrors({ notes: message.replace(/^notes\b/, "Notes") });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number, day: string) => {
    setRemoving(id);
    try {
      const done = await confirmThen(
        {
          title: "Remove cancellation",
          message: `Take back the cancellation of ${formatDate(day)}? That day's attendance is judged again.`,
          danger: true,
        },
        () => execute(RemoveCancellationDocument, { id }),
        `${formatDate(day)} is a class day again.`,
      );
      if (done) await refresh();
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack gap="md">
      <DetailSection title="Cancel a class" order={2}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Cancel a class">
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <DateField
                label="Date"
                description="A meeting day, MM/DD/YYYY"
                // the format as a description, not as a pale placeholder (contrast)
                placeholder=""
                value={date}
                onChange={(v) => {
                  setDate(v);
                  setErrors((e) => ({ ...e, date: undefined }));
                }}
                error={errors.date}
                minDate={allowed.min}
                maxDate={allowed.max}
                availableDates={allowed.dates.filter((d) => !taken.has(d))}
                clearable
              />
              <Textarea
                label="Notes"
                description="Optional"
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                error={errors.notes}
                autosize
                minRows={1}
                maxRows={4}
                w={{ base: "100%", sm: 360 }}
              />
            </Group>
            {formError && (
              <Text role="alert" c="red.9" size="sm">
                {formError}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={busy}>
                Cancel this class
              </Button>
            </Group>
          </Stack>
        </form>
      </DetailSection>
      <DetailSection title="Cancelled dates" order={2}>
        {list.isPending ? (
          <Spinner label="Loading the cancellations" />
        ) : list.isError ? (
          <Alert color="red" role="alert" title="The cancellations could not be loaded">
            {list.error.message}
          </Alert>
        ) : list.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No class of this course is cancelled.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Notes</Table.Th>
                  <Table.Th scope="col">
                    <span className="sr-only">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{formatDate(c.date)}</Table.Td>
                    <Table.Td>{c.notes || "—"}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        loading={removing === c.id}
                        onClick={() => void remove(c.id, c.date)}
                        aria-label={`Remove the cancellation of ${formatDate(c.date)}`}
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
      </DetailSection>
    </Stack>
  );
}

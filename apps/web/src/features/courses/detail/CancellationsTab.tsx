import { Alert, Button, Group, Stack, Table, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { localDate } from "@rollbook/domain";
import { useMemo, useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import { ActionsHeader } from "../../../ui/ActionsHeader.tsx";
import { DateField } from "../../../ui/dates/DatePicker.tsx";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { useUnsavedChanges } from "../../../ui/form/unsaved-changes.tsx";
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
  // not a record form: one check, on submit, with no focus move; a refusal is worded from its message
  const form = useForm<{ date: string | null; notes: string }>({
    name: "cancellation",
    initialValues: { date: null, notes: "" },
    validate: { date: (d) => (d ? null : "Date is required") },
  });
  const [formError, setFormError] = useState<string | null>(null);
  useUnsavedChanges(form.isDirty() && !form.submitting, "the new cancellation");
  const [removing, setRemoving] = useState<number | null>(null);
  const today = localDate(new Date(), timeZone);
  const allowed = useMemo(() => cancellableDates(course, today), [course, today]);
  const taken = new Set(list.data?.data.map((c) => c.date.slice(0, 10)) ?? []);

  const create = form.onSubmit(async ({ date, notes }) => {
    if (!date) return; // refused by the check already
    try {
      await execute(CreateCancellationDocument, { course_id: course.id, date, notes: notes.trim() || null });
      notify.success(`${course.title} is cancelled on ${formatDate(date)}.`);
      form.reset();
      await refresh();
    } catch (err) {
      const field = err instanceof RequestError ? Object.keys(err.errors)[0] : undefined;
      const message = err instanceof Error ? err.message : "The cancellation was not made.";
      if (field === "date") form.setFieldError("date", dateMessage(message));
      else if (field === "notes") form.setFieldError("notes", message.replace(/^notes\b/, "Notes"));
      else setFormError(message);
    }
  });

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
        <form
          onSubmit={(e) => {
            setFormError(null);
            create(e);
          }}
          noValidate
          aria-label="Cancel a class"
        >
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <DateField
                {...form.getInputProps("date")}
                label="Date"
                description="A meeting day, MM/DD/YYYY"
                // the format as a description, not as a pale placeholder (contrast)
                placeholder=""
                value={form.values.date}
                minDate={allowed.min}
                maxDate={allowed.max}
                availableDates={allowed.dates.filter((d) => !taken.has(d))}
                clearable
              />
              <Textarea
                {...form.getInputProps("notes")}
                label="Notes"
                description="Optional"
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
              <Button type="submit" loading={form.submitting}>
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
                  <ActionsHeader />
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

import { Button, Group, Paper, Skeleton, Stack, Text, Textarea } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { formatDateTime } from "../../../ui/detail/format.ts";
import { required } from "../../../ui/form/rules.ts";
import { useUnsavedChanges } from "../../../ui/form/unsaved-changes.tsx";
import { useField } from "../../../ui/form/useField.ts";
import { notify } from "../../../ui/notify.tsx";
import { labelServerMessage } from "./field-errors.ts";
import { CreateNoteDocument, NOTES_PER_PAGE, useStudentMutation, useStudentNotes } from "./queries.ts";

/**
 * Notes on the participant, newest first, and a form to add one (anyone who sees the student);
 * readOnly (a removed participant: the server refuses new notes) shows the notes without the form.
 */
export function NotesSection({
  uuid,
  timeZone,
  readOnly = false,
}: {
  uuid: string;
  timeZone: string;
  readOnly?: boolean;
}) {
  const [page, setPage] = useState(1);
  const notes = useStudentNotes(uuid, page);
  const message = useField<string>("", [required("Message")]);
  const add = useStudentMutation(uuid, (text: string) =>
    execute(CreateNoteDocument, { student_uuid: uuid, message: text }),
  );
  useUnsavedChanges(message.value.trim() !== "" && !add.isPending, "the new note");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await message.validate())) {
      message.inputRef.current?.focus();
      return;
    }
    try {
      await add.mutateAsync(message.value.trim());
      message.reset("");
      setPage(1);
      notify.success("The note was added.");
    } catch (err) {
      const m = err instanceof RequestError ? err.errors.message?.[0] : undefined;
      if (m) message.setError(labelServerMessage("message", "Message", m));
      else notify.error(err instanceof Error ? err.message : String(err));
    }
  };
  const pages = notes.data ? Math.max(1, Math.ceil(notes.data.total / NOTES_PER_PAGE)) : 1;
  return (
    <DetailSection title="Notes" order={3}>
      <Stack gap="md">
        {readOnly ? (
          <Text size="sm" c="dimmed">
            Restore the participant to add a note.
          </Text>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Add a note">
            <Stack gap="xs">
              <Textarea
                ref={message.inputRef as unknown as React.Ref<HTMLTextAreaElement>}
                label="Message"
                value={message.value}
                onChange={(e) => message.setValue(e.currentTarget.value)}
                onBlur={message.onBlur}
                error={message.status === "error" ? message.error : undefined}
                required
                withAsterisk={false}
                autosize
                minRows={2}
                maxRows={8}
              />
              <Group>
                <Button type="submit" loading={add.isPending}>
                  Add note
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {notes.isError && (
          <Text c="red.9" role="alert">
            The notes could not be loaded: {notes.error.message}
          </Text>
        )}
        {!notes.data && !notes.isError ? (
          <Skeleton height={60} />
        ) : notes.data && notes.data.data.length === 0 ? (
          <Text c="dimmed">No notes yet.</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Notes, newest first">
            {notes.data?.data.map((n) => (
              <Paper component="li" key={n.id} withBorder p="sm" radius="sm">
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {n.message}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {n.user ? `${n.user.first_name} ${n.user.last_name}` : "Unknown author"} ·{" "}
                  {formatDateTime(n.created_at, timeZone)}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group gap="xs" component="nav" aria-label="Pages of notes">
            <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer notes
            </Button>
            <Text size="sm" aria-live="polite">
              Page {page} of {pages}
            </Text>
            <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older notes
            </Button>
          </Group>
        )}
      </Stack>
    </DetailSection>
  );
}

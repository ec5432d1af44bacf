import { Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { FormModal } from "../../ui/form/FormModal.tsx";
import { personName } from "../../ui/person-name.ts";
import { SearchInput } from "../../ui/SearchInput.tsx";
import { addButtonText, pickedText, pickLabel, togglePicked } from "./pick-students.ts";
import { usePickStudents } from "./pick-students-query.ts";

/**
 * The one student picker of courses, events and teams: finds participants by name or e-mail,
 * keeps the ticked ones across searches, and hands their ids to `onSubmit` (the add call).
 * A refusal (e.g. "restricted to a team", all or nothing) is shown in the dialog, in the
 * server's words.
 */
export function PickStudentsModal({
  opened,
  title,
  intro,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  /** What adding means here (seats, a restriction), above the search. */
  intro?: ReactNode;
  onClose: () => void;
  /** Runs the call (and says what it did); resolves when done (the dialog closes), rejects to show the refusal. */
  onSubmit: (ids: number[]) => Promise<void>;
}) {
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const found = usePickStudents(search, opened);
  const close = () => {
    setSearch("");
    setPicked(new Map());
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (picked.size === 0) return setError("Pick at least one student");
    setBusy(true);
    setError(null);
    try {
      await onSubmit([...picked.keys()]);
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The students were not added.");
    } finally {
      setBusy(false);
    }
  };
  const rows = found.data?.students.data ?? [];
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={title}
      size="lg"
      // a search alone is no edit; the students picked are
      unsaved={picked.size > 0 && !busy ? "the students picked" : null}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {intro}
          <SearchInput label="Find participants" placeholder="Name or e-mail" value={search} onChange={setSearch} />
          {search.trim() === "" ? (
            <Text size="sm" c="dimmed">
              Type a name or an e-mail to find participants.
            </Text>
          ) : found.isError ? (
            <Text size="sm" role="alert" c="red.9">
              {found.error.message}
            </Text>
          ) : found.isFetching && rows.length === 0 ? (
            <Text size="sm" role="status">
              Searching…
            </Text>
          ) : rows.length === 0 ? (
            <Text size="sm">No matching data</Text>
          ) : (
            <Stack component="fieldset" gap={6} m={0} p={0} style={{ border: 0 }}>
              <legend className="sr-only">Participants found</legend>
              {rows.map((s) => (
                <Checkbox
                  key={s.id}
                  label={pickLabel(s)}
                  checked={picked.has(s.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked; // read now: the updater runs after the event
                    setPicked((m) => togglePicked(m, s.id, personName(s), on));
                  }}
                />
              ))}
            </Stack>
          )}
          <Text size="sm" aria-live="polite">
            {pickedText(picked)}
          </Text>
          {error && (
            <Text role="alert" c="red.9" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {addButtonText(picked.size)}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

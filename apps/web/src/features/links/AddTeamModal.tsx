import { Button, Group, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormModal } from "../../ui/form/FormModal.tsx";
import { notify } from "../../ui/notify.tsx";
import type { PickOption } from "../students/list/options.ts";
import { RelationPicker } from "../students/list/RelationPicker.tsx";

/**
 * "Add a team" of a course's or an event's Students tab: a team picked from the teams list
 * (searched on the server, so a school's every team can be found), then `add` puts its live
 * students on; the answer is said in a notification, a refusal on the field.
 */
export function AddTeamModal({
  opened,
  title,
  intro,
  add,
  onClose,
  onDone,
}: {
  opened: boolean;
  /** what the team is added to: the dialog is "Add a team to <title>" */
  title: string;
  intro: string;
  /** adds the team's students; answers the notification's text */
  add: (team: { id: number; name: string }) => Promise<string>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [team, setTeam] = useState<PickOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTeam(null);
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!team || team.id === null) return setError("Team is required");
    setBusy(true);
    try {
      notify.success(await add({ id: team.id, name: team.label }));
      close();
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The team was not added.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={`Add a team to ${title}`}
      unsaved={team && !busy ? "the team picked" : null}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{intro}</Text>
          <RelationPicker
            kind="team"
            label="Team"
            value={team?.value ?? null}
            required
            error={error}
            onChange={(o) => {
              setTeam(o);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add team
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

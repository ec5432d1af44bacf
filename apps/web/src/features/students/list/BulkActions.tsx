import { Button, Checkbox, Menu, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import type { Me } from "../../../lib/me.ts";
import { confirm, isDeclined } from "../../../ui/confirm.tsx";
import { notify } from "../../../ui/notify.tsx";
import { AddToModal } from "./AddToModal.tsx";
import { type BulkKind, bulkQuestion, bulkResultText } from "./bulk.ts";
import type { Relation, StudentState } from "./filters.ts";
import {
  AddCourseToStudentsDocument,
  AddStudentsToEventDocument,
  AddStudentsToTeamDocument,
  RemoveStudentsDocument,
  ResetStudentsTokensDocument,
  RestoreStudentsDocument,
} from "./mutations.ts";
import type { PickOption } from "./options.ts";

type Permissions = Me["role"]["permissions"];

/** Which bulk actions a viewer has, in the state shown (restore only among the removed). */
export function bulkActionsFor(p: Permissions, state: StudentState) {
  if (state === "removed") return { restore: p.create_participant };
  return {
    remove: p.create_participant,
    reset: p.reset_token,
    course: p.create_participant,
    team: p.create_participant,
    event: p.assign_appointment,
  };
}

export const hasBulkActions = (p: Permissions, state: StudentState) =>
  Object.values(bulkActionsFor(p, state)).some(Boolean);

/**
 * The toolbar over the selected students: each action the viewer may take, behind a confirm
 * naming how many; afterwards a notification says what changed and the list refetches in place.
 * A refused call changes nothing (all or nothing) and shows the server's message.
 */
export function BulkActions({
  ids,
  state,
  permissions,
  onRemoved,
}: {
  ids: readonly number[];
  state: StudentState;
  permissions: Permissions;
  /** Events with their ids (the add call takes one): the viewer's assigned events. */
  /** Ids that left the list shown (removed or restored): the selection drops them. */
  onRemoved: (ids: number[]) => void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<BulkKind | null>(null);
  const [addKind, setAddKind] = useState<Relation | null>(null);
  const allowed = bulkActionsFor(permissions, state);
  const count = ids.length;
  const none = count === 0;

  /** Asks, calls, tells. */
  async function run(
    kind: BulkKind,
    question: React.ReactNode,
    call: () => Promise<{ student_ids: number[]; changed: number }>,
    target?: string,
    emailed: () => boolean = () => false,
  ) {
    try {
      await confirm({ title: "Please confirm", message: question, danger: kind === "remove" || kind === "reset" });
    } catch (err) {
      if (isDeclined(err)) return;
      throw err;
    }
    setBusy(kind);
    try {
      const result = await call();
      notify.success(bulkResultText(kind, { requested: count, changed: result.changed, emailed: emailed() }, target));
      if (kind === "remove" || kind === "restore") onRemoved([...ids]);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "The change was not made.");
    } finally {
      setBusy(null);
      // the rows shown (and any other view of these students) are refetched in place
      void client.invalidateQueries({ queryKey: ["students"] });
      void client.invalidateQueries({ queryKey: ["student"] });
    }
  }

  const student_ids = [...ids];

  const remove = () =>
    run(
      "remove",
      bulkQuestion("remove", count),
      async () => (await execute(RemoveStudentsDocument, { student_ids })).removeStudents,
    );

  const restore = () =>
    run(
      "restore",
      bulkQuestion("restore", count),
      async () => (await execute(RestoreStudentsDocument, { student_ids })).restoreStudents,
    );

  const reset = () => {
    let sendEmail = false;
    const message = (
      <Stack gap="sm">
        <Text size="sm">{bulkQuestion("reset", count)}</Text>
        <Checkbox
          label="E-mail the new tokens"
          onChange={(e) => {
            sendEmail = e.currentTarget.checked;
          }}
        />
      </Stack>
    );
    return run(
      "reset",
      message,
      async () =>
        (await execute(ResetStudentsTokensDocument, { student_ids, send_email: sendEmail })).resetStudentsTokens,
      undefined,
      () => sendEmail,
    );
  };

  const add = (kind: Relation, option: PickOption) => {
    setAddKind(null);
    const id = option.id as number;
    const call =
      kind === "course"
        ? async () => (await execute(AddCourseToStudentsDocument, { course_id: id, student_ids })).addCourseToStudents
        : kind === "team"
          ? async () => (await execute(AddStudentsToTeamDocument, { team_id: id, student_ids })).addStudentsToTeam
          : async () => (await execute(AddStudentsToEventDocument, { event_id: id, student_ids })).addStudentsToEvent;
    void run(kind, bulkQuestion(kind, count, option.label), call, option.label);
  };

  const canAdd = allowed.course || allowed.team || allowed.event;
  return (
    <>
      {"restore" in allowed && allowed.restore && (
        <Button size="xs" variant="light" disabled={none} loading={busy === "restore"} onClick={() => void restore()}>
          Restore
        </Button>
      )}
      {canAdd && (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              size="xs"
              variant="light"
              disabled={none}
              loading={busy === "course" || busy === "team" || busy === "event"}
            >
              Add to…
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {allowed.course && <Menu.Item onClick={() => setAddKind("course")}>Add to a course</Menu.Item>}
            {allowed.team && <Menu.Item onClick={() => setAddKind("team")}>Add to a team</Menu.Item>}
            {allowed.event && <Menu.Item onClick={() => setAddKind("event")}>Add to an event</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
      )}
      {allowed.reset && (
        <Button size="xs" variant="light" disabled={none} loading={busy === "reset"} onClick={() => void reset()}>
          Reset tokens
        </Button>
      )}
      {allowed.remove && (
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={none}
          loading={busy === "remove"}
          onClick={() => void remove()}
        >
          Remove
        </Button>
      )}
      <AddToModal kind={addKind} count={count} onPick={add} onClose={() => setAddKind(null)} />
      {none && (
        <Text size="xs" c="dimmed">
          Select participants to act on them
        </Text>
      )}
    </>
  );
}

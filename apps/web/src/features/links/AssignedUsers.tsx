import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { execute } from "../../lib/graphql.ts";
import { useMe } from "../../lib/me.ts";
import { ActionsHeader } from "../../ui/ActionsHeader.tsx";
import { CaptionedTable } from "../../ui/CaptionedTable.tsx";
import { confirmThen } from "../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { FormModal } from "../../ui/form/FormModal.tsx";
import { notify } from "../../ui/notify.tsx";
import { personName } from "../../ui/person-name.ts";
import { Spinner } from "../../ui/Spinner.tsx";
import {
  AttachUsersDocument,
  assignableStaff,
  DetachUsersDocument,
  mayAssign,
  type StaffLinkType,
  type StaffMember,
  useStaffCandidates,
} from "./staff.ts";

/**
 * The Users tab of a course, an event or a team: the staff assigned (those the viewer sees), and
 * for a viewer who manages users (roles 1-4; role 5 over roles 6-9), "Assign staff" (attachUsers)
 * and "Unassign" per row (detachUsers, confirm). The page loads `users` and refetches them in
 * `onChanged`.
 */
export function AssignedUsers({
  type,
  id,
  title,
  users,
  canManage,
  readOnly,
  onChanged,
}: {
  type: StaffLinkType;
  id: number;
  title: string;
  users: { isPending: boolean; isError: boolean; error: Error | null; data: readonly StaffMember[] | undefined };
  canManage: boolean;
  /** A removed course, event or team: nothing is changed until it is restored. */
  readOnly?: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const me = useMe();
  const [assigning, setAssigning] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const manage = canManage && !readOnly;

  const unassign = async (u: StaffMember) => {
    setBusy(u.id);
    try {
      const done = await confirmThen(
        {
          title: "Unassign staff",
          message: `Unassign ${personName(u)} from ${title}? The access this assignment gave them ends.`,
          danger: true,
        },
        () => execute(DetachUsersDocument, { assignable_type: type, assignable_id: id, user_ids: [u.id] }),
        `${personName(u)} was unassigned from ${title}.`,
      );
      if (done) await onChanged();
    } finally {
      setBusy(null);
    }
  };

  return (
    <DetailSection
      title="Assigned staff"
      order={2}
      actions={
        manage ? (
          // the size of every section's own action ("New travel", "Add students")
          <Button onClick={() => setAssigning(true)}>Assign staff</Button>
        ) : undefined
      }
    >
      {users.isPending ? (
        <Spinner label="Loading the assigned staff" />
      ) : users.isError || !users.data ? (
        <Alert color="red" role="alert" title="The staff could not be loaded">
          {users.error?.message}
        </Alert>
      ) : users.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No staff assigned yet.
        </Text>
      ) : (
        <CaptionedTable caption={`Staff assigned to ${title}`} minWidth={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">E-mail</Table.Th>
              {manage && <ActionsHeader />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Th scope="row" fw={400}>
                  {personName(u)}
                </Table.Th>
                <Table.Td>{u.role.display_name}</Table.Td>
                <Table.Td>
                  <Anchor href={`mailto:${u.email}`} size="sm">
                    {u.email}
                  </Anchor>
                </Table.Td>
                {manage && (
                  <Table.Td ta="right">
                    {mayAssign(me.role.id, u.role_id) && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        loading={busy === u.id}
                        aria-label={`Unassign ${personName(u)}`}
                        onClick={() => void unassign(u)}
                      >
                        Unassign
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
      {manage && (
        <AssignModal
          opened={assigning}
          type={type}
          id={id}
          title={title}
          assigned={users.data ?? []}
          viewerRoleId={me.role.id}
          onClose={() => setAssigning(false)}
          onDone={onChanged}
        />
      )}
    </DetailSection>
  );
}

/** Picks a staff member to assign (those the viewer may assign, not assigned yet). */
function AssignModal({
  opened,
  type,
  id,
  title,
  assigned,
  viewerRoleId,
  onClose,
  onDone,
}: {
  opened: boolean;
  type: StaffLinkType;
  id: number;
  title: string;
  assigned: readonly StaffMember[];
  viewerRoleId: number;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const candidates = useStaffCandidates(opened);
  const [choice, setChoice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = assignableStaff(candidates.data ?? [], assigned, viewerRoleId);
  const close = () => {
    setChoice("");
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return setError("Staff member is required");
    setBusy(true);
    try {
      await execute(AttachUsersDocument, { assignable_type: type, assignable_id: id, user_ids: [Number(choice)] });
      const who = options.find((u) => String(u.id) === choice);
      notify.success(`${who ? personName(who) : "The staff member"} was assigned to ${title}.`);
      close();
      await onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The staff member was not assigned.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={`Assign staff to ${title}`}
      unsaved={choice && !busy ? "the staff member picked" : null}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {candidates.isPending ? (
            <Spinner label="Loading the staff" />
          ) : (
            <NativeSelect
              label="Staff member"
              description="Staff already working with the school's courses, and you"
              value={choice}
              error={error}
              onChange={(e) => {
                setChoice(e.currentTarget.value);
                setError(null);
              }}
              data={[
                { value: "", label: options.length ? "Pick a staff member" : "No one else to assign" },
                ...options.map((u) => ({ value: String(u.id), label: `${personName(u)} (${u.role.display_name})` })),
              ]}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Assign
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

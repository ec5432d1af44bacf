import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import { MODAL_ATTRIBUTES } from "../../../ui/confirm.tsx";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { notify } from "../../../ui/notify.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { mayUnassign } from "../permissions.ts";
import {
  AttachCourseUsersDocument,
  type CourseDetail,
  type CourseUser,
  DetachCourseUsersDocument,
  useCourseUsers,
  useStaffOptions,
} from "../queries.ts";

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`;

/**
 * The staff assigned to the course (Course.users, those the viewer sees); for a viewer who
 * manages users (roles 1-4; role 5 over roles 6-9): assign (attachUsers) and unassign
 * (detachUsers, confirm).
 */
export function UsersTab({
  course,
  viewerRoleId,
  canManage,
}: {
  course: CourseDetail;
  viewerRoleId: number;
  canManage: boolean;
}) {
  const users = useCourseUsers(course.uuid);
  const client = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ["course", course.uuid, "users"] });

  const unassign = async (u: CourseUser) => {
    setBusy(u.id);
    try {
      const done = await confirmThen(
        {
          title: "Unassign staff",
          message: `Unassign ${fullName(u)} from ${course.title}? They no longer see it unless another link gives it to them.`,
          danger: true,
        },
        () => execute(DetachCourseUsersDocument, { assignable_id: course.id, user_ids: [u.id] }),
        `${fullName(u)} was unassigned.`,
      );
      if (done) await refresh();
    } finally {
      setBusy(null);
    }
  };

  const manageable = (u: CourseUser) => canManage && mayUnassign(viewerRoleId, u.role_id);
  return (
    <DetailSection
      title="Assigned staff"
      order={2}
      actions={
        canManage && !course.deleted_at ? (
          <Button size="xs" onClick={() => setAssigning(true)}>
            Assign staff
          </Button>
        ) : undefined
      }
    >
      {users.isPending ? (
        <Spinner label="Loading the assigned staff" />
      ) : users.isError ? (
        <Alert color="red" role="alert" title="The staff could not be loaded">
          {users.error.message}
        </Alert>
      ) : users.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No staff assigned to this course.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped captionSide="top">
            <Table.Caption>Staff assigned to {course.title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                {canManage && (
                  <Table.Th scope="col">
                    <span className="sr-only">Actions</span>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Th scope="row" fw={400}>
                    {fullName(u)}
                  </Table.Th>
                  <Table.Td>{u.role.display_name}</Table.Td>
                  <Table.Td>
                    <Anchor href={`mailto:${u.email}`} size="sm">
                      {u.email}
                    </Anchor>
                  </Table.Td>
                  {canManage && (
                    <Table.Td ta="right">
                      {manageable(u) && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          loading={busy === u.id}
                          onClick={() => void unassign(u)}
                          aria-label={`Unassign ${fullName(u)}`}
                        >
                          Unassign
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && (
        <AssignModal
          opened={assigning}
          course={course}
          viewerRoleId={viewerRoleId}
          assigned={new Set(users.data?.map((u) => u.id) ?? [])}
          onClose={() => setAssigning(false)}
          onDone={() => void refresh()}
        />
      )}
    </DetailSection>
  );
}

/** Picks a staff member to assign (those the viewer may manage, not assigned yet). */
function AssignModal({
  opened,
  course,
  viewerRoleId,
  assigned,
  onClose,
  onDone,
}: {
  opened: boolean;
  course: CourseDetail;
  viewerRoleId: number;
  assigned: ReadonlySet<number>;
  onClose: () => void;
  onDone: () => void;
}) {
  const staff = useStaffOptions(opened);
  const [choice, setChoice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = (staff.data ?? []).filter((u) => !assigned.has(u.id) && mayUnassign(viewerRoleId, u.role_id));
  const close = () => {
    setChoice("");
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (choice === "") return setError("Staff member is required");
    const user = options.find((u) => String(u.id) === choice);
    setBusy(true);
    try {
      await execute(AttachCourseUsersDocument, { assignable_id: course.id, user_ids: [Number(choice)] });
      notify.success(`${user ? fullName(user) : "The staff member"} is assigned to ${course.title}.`);
      close();
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The staff member was not assigned.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Assign staff to ${course.title}`}
      closeButtonProps={{ "aria-label": "Close" }}
      attributes={MODAL_ATTRIBUTES}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {staff.isPending ? (
            <Spinner label="Loading the staff" />
          ) : (
            <NativeSelect
              label="Staff member"
              description="Staff already working with the school's courses"
              value={choice}
              error={error}
              onChange={(e) => {
                setChoice(e.currentTarget.value);
                setError(null);
              }}
              data={[
                { value: "", label: options.length === 0 ? "No one else to assign" : "Pick a staff member" },
                ...options.map((u) => ({ value: String(u.id), label: `${fullName(u)} (${u.role.display_name})` })),
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
    </Modal>
  );
}

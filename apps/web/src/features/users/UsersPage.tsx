import { Badge, Box, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { canManageUsers, mayInvite, ROLES } from "@rollbook/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useMe } from "../../lib/me.ts";
import { DataGrid, type GridColumn } from "../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../ui/grid/useGridParams.ts";
import { ListName } from "../../ui/ListName.tsx";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { SearchInput } from "../../ui/SearchInput.tsx";
import {
  parseUserFilters,
  USER_GRID_DEFAULTS,
  type UserFilters,
  type UserState,
  usersCaption,
  withUserFilters,
} from "./filters.ts";
import { lastSeen } from "./format.ts";
import { INVITATIONS_KEY, InvitationsPanel } from "./InvitationsPanel.tsx";
import { InviteModal } from "./InviteModal.tsx";
import { type UserListRow, useUsersList } from "./queries.ts";

/** State in words, never colour alone. */
function StateCell({ row }: { row: UserListRow }) {
  if (row.deleted_at)
    return (
      <Badge color="red" variant="light" c="red.9" tt="none">
        Removed
      </Badge>
    );
  return row.active ? (
    "Active"
  ) : (
    <Badge color="gray" variant="light" c="gray.9" tt="none">
      Inactive
    </Badge>
  );
}

/** The list's columns; "Last seen" is on the school's clock. */
export const userColumns = (timeZone: string): GridColumn<UserListRow>[] => [
  {
    key: "name",
    header: "Name",
    sortBy: "last_name",
    phone: "title",
    render: (u) => <ListName person={u} />,
    href: (u) => `/Users/${u.id}`,
  },
  { key: "email", header: "E-mail", sortBy: "email", render: (u) => u.email },
  { key: "role", header: "Role", sortBy: "role_id", render: (u) => u.role.display_name },
  { key: "state", header: "State", render: (u) => <StateCell row={u} /> },
  { key: "last_seen", header: "Last seen", sortBy: "last_seen", render: (u) => lastSeen(u.last_seen, timeZone) },
];

/** /Users: the school's staff, searched and filtered in the URL; invitations for who may invite. */
export default function UsersPage() {
  const me = useMe();
  const manage = canManageUsers(me.role.id);
  const client = useQueryClient();
  const grid = useGridParams(USER_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const filters = useMemo(() => parseUserFilters(query), [query]);
  const list = useUsersList(filters, grid.params);
  const timeZone = list.data?.school.timezone ?? "";
  const columns = useMemo(() => userColumns(timeZone), [timeZone]);
  const [inviting, setInviting] = useState(false);
  // an advisor invites only while the school allows it (Settings > School, decision 0953)
  const canInvite = mayInvite(me.role.id, list.data?.school.allow_user_invite ?? false);
  const setFilters = (patch: Partial<UserFilters>, replace = false) =>
    grid.updateQuery((q) => withUserFilters(q, patch), { replace });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageHeading>Users</PageHeading>
        {canInvite && <Button onClick={() => setInviting(true)}>Invite user</Button>}
        {manage && !canInvite && list.data && (
          <Text size="sm" c="dimmed">
            Only administrators invite users at this school.
          </Text>
        )}
      </Group>
      <Box component="form" role="search" aria-label="Filter users" onSubmit={(e) => e.preventDefault()}>
        <Group align="end" gap="sm" wrap="wrap">
          <SearchInput
            label="Search users"
            placeholder="Name or e-mail"
            value={filters.query}
            onChange={(v) => setFilters({ query: v }, true)}
            w={{ base: "100%", xs: 280 }}
          />
          <NativeSelect
            label="Role"
            value={filters.role ? String(filters.role) : ""}
            onChange={(e) => setFilters({ role: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            data={[
              { value: "", label: "Every role" },
              ...ROLES.map((r) => ({ value: String(r.id), label: r.display_name })),
            ]}
          />
          <NativeSelect
            label="State"
            value={filters.state}
            onChange={(e) => setFilters({ state: e.currentTarget.value as UserState })}
            data={[
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
              { value: "removed", label: "Removed" },
              { value: "all", label: "All" },
            ]}
          />
        </Group>
      </Box>
      <DataGrid
        caption={usersCaption(filters)}
        columns={columns}
        rows={list.data?.users.data}
        total={list.data?.users.total}
        rowKey={(u) => u.id}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={filters.query || filters.role ? "No matching data" : "No users here"}
      />
      {manage && <InvitationsPanel viewerRoleId={me.role.id} />}
      {canInvite && (
        <InviteModal
          opened={inviting}
          onClose={() => setInviting(false)}
          viewerRoleId={me.role.id}
          onInvited={() => void client.invalidateQueries({ queryKey: INVITATIONS_KEY })}
        />
      )}
    </Stack>
  );
}

import { Box, Button, Group, NativeSelect, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { DataGrid } from "../../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../../ui/grid/useGridParams.ts";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { SearchInput } from "../../../ui/SearchInput.tsx";
import { teamPermissions } from "../permissions.ts";
import { CreateTeamDocument, useTeamsList } from "../queries.ts";
import { TeamForm } from "../TeamForm.tsx";
import { EMPTY_TEAM_FORM, teamVariables } from "../team-form.ts";
import { usePhone } from "../use-phone.ts";
import { teamColumns } from "./columns.tsx";
import {
  parseTeamFilters,
  TEAM_GRID_DEFAULTS,
  type TeamFilters,
  teamsCaption,
  teamsEmptyText,
  withTeamFilters,
} from "./filters.ts";

/**
 * /Teams (Groups): the teams the viewer may see, searched and filtered by state through the URL,
 * and "New team" for the roles that run teams (1-5, 7).
 */
export default function TeamsPage() {
  const me = useMe();
  const can = teamPermissions(me);
  const navigate = useNavigate();
  const client = useQueryClient();
  const grid = useGridParams(TEAM_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const filters = useMemo(() => parseTeamFilters(query), [query]);
  const list = useTeamsList(filters, grid.params);
  const [creating, setCreating] = useState(false);
  const phone = usePhone();
  const warning = list.data?.school.warning_percentage ?? null;
  const columns = useMemo(() => teamColumns(warning), [warning]);

  const setFilters = (patch: Partial<TeamFilters>, replace = false) =>
    grid.updateQuery((q) => withTeamFilters(q, patch), { replace });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageHeading>Groups</PageHeading>
        {can.edit && <Button onClick={() => setCreating(true)}>New team</Button>}
      </Group>

      <Box component="form" role="search" aria-label="Filter teams" onSubmit={(e) => e.preventDefault()}>
        <Group align="end" gap="sm" wrap="wrap">
          <SearchInput
            label="Search teams"
            placeholder="Name or tag"
            value={filters.query}
            onChange={(v) => setFilters({ query: v }, true)}
            w={{ base: "100%", xs: 280 }}
          />
          <NativeSelect
            label="State"
            value={filters.state}
            onChange={(e) => setFilters({ state: e.currentTarget.value === "removed" ? "removed" : "active" })}
            data={[
              { value: "active", label: "Active" },
              { value: "removed", label: "Removed" },
            ]}
          />
        </Group>
      </Box>

      <DataGrid
        caption={teamsCaption(filters)}
        columns={columns}
        rows={list.data?.teams.data}
        total={list.data?.teams.total}
        rowKey={(t) => t.id}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={teamsEmptyText(filters, me.role.id)}
      />

      <FormModal opened={creating} onClose={() => setCreating(false)} title="New team" fullScreen={phone}>
        <TeamForm
          label="New team"
          initial={EMPTY_TEAM_FORM}
          submitLabel="Create team"
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const r = await execute(CreateTeamDocument, teamVariables(values));
            setCreating(false);
            notify.success(`${r.createTeam.name} was created.`);
            void client.invalidateQueries({ queryKey: ["teams"] });
            navigate(`/Teams/${r.createTeam.uuid}`);
          }}
        />
      </FormModal>
    </Stack>
  );
}

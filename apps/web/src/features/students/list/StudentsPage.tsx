import { Box, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useMe } from "../../../lib/me.ts";
import { DataGrid } from "../../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../../ui/grid/useGridParams.ts";
import { useGridSelection } from "../../../ui/grid/useGridSelection.ts";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { personName } from "../../../ui/person-name.ts";
import { SearchInput } from "../../../ui/SearchInput.tsx";
import { BulkActions, hasBulkActions } from "./BulkActions.tsx";
import { studentColumns } from "./columns.tsx";
import { downloadCsv } from "./export-csv.ts";
import {
  exportCsvPath,
  filterKey,
  parseStudentFilters,
  type Relation,
  STUDENT_GRID_DEFAULTS,
  type StudentFilters,
  studentsEmptyText,
  withStudentFilters,
} from "./filters.ts";
import { NewStudentModal } from "./NewStudentModal.tsx";
import { settledStudentIds, useStudentsList } from "./queries.ts";
import { RELATION_LABEL, RelationPicker } from "./RelationPicker.tsx";

/** Re-renders every minute, so "5 minutes ago" keeps telling the truth. */
function useNow(everyMs = 60_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * /Students: the participants the viewer may see, filtered and sorted through the URL, with row
 * selection and the bulk actions the viewer's permissions allow, "New participant" and a CSV
 * export of the whole filter. A push (student.update) refetches the rows in place; the selection,
 * kept by id, stays; a new filter keeps the selected rows still in its result.
 */
export default function StudentsPage() {
  const me = useMe();
  const perms = me.role.permissions;
  const navigate = useNavigate();
  const client = useQueryClient();
  const grid = useGridParams(STUDENT_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const filters = useMemo(() => parseStudentFilters(query), [query]);
  const list = useStudentsList(filters, grid.params);
  // a new filter keeps the selected rows still in its result (decision 0589)
  const selection = useGridSelection<number>({ filter: filterKey(filters), settledIds: settledStudentIds(list) });
  const now = useNow();
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState<number | null>(null);
  // the kind picked in "Filter by" before a course/event/team is chosen
  const [kind, setKind] = useState<Relation | null>(filters.relation);
  const [relationLabel, setRelationLabel] = useState<string | null>(null);

  const setFilters = (patch: Partial<StudentFilters>, replace = false) =>
    grid.updateQuery((q) => withStudentFilters(q, patch), { replace });

  useEffect(() => {
    if (filters.relation) setKind(filters.relation);
  }, [filters.relation]);

  const school = list.data?.school;
  const columns = useMemo(
    () =>
      studentColumns({
        timeZone: school?.timezone ?? "UTC",
        warningPercentage: school?.warning_percentage ?? null,
        now,
      }),
    [school?.timezone, school?.warning_percentage, now],
  );

  const exportCsv = async () => {
    setExporting(0);
    try {
      const rows = await downloadCsv(exportCsvPath(filters, grid.params), "students.csv", setExporting);
      notify.success(`Exported ${rows === 1 ? "1 participant" : `${rows} participants`} to students.csv.`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "The export failed.");
    } finally {
      setExporting(null);
    }
  };

  const showBulk = hasBulkActions(perms, filters.state);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageHeading>Participants</PageHeading>
        <Group gap="sm">
          {perms.create_participant && <Button onClick={() => setCreating(true)}>New participant</Button>}
          <Button variant="default" loading={exporting !== null} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </Group>
      </Group>
      {exporting !== null && (
        <Text size="sm" role="status">
          Exporting… {exporting} rows received
        </Text>
      )}

      <Box component="form" role="search" aria-label="Filter participants" onSubmit={(e) => e.preventDefault()}>
        <Group align="end" gap="sm" wrap="wrap">
          <SearchInput
            label="Search participants"
            placeholder="Name or e-mail"
            value={filters.query}
            onChange={(v) => setFilters({ query: v }, true)}
            w={{ base: "100%", xs: 260 }}
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
          <NativeSelect
            label="Filter by"
            value={kind ?? ""}
            onChange={(e) => {
              const next = (e.currentTarget.value || null) as Relation | null;
              setKind(next);
              setRelationLabel(null);
              if (filters.relation) setFilters({ relation: null });
            }}
            data={[
              { value: "", label: "Everyone" },
              { value: "course", label: "Course" },
              { value: "event", label: "Event" },
              { value: "team", label: "Team" },
            ]}
          />
          {kind && (
            <RelationPicker
              kind={kind}
              label={RELATION_LABEL[kind]}
              value={filters.relation === kind ? filters.relation_uuid : null}
              currentLabel={relationLabel}
              w={{ base: "100%", xs: 260 }}
              onChange={(o) => {
                setRelationLabel(o?.label ?? null);
                setFilters(o ? { relation: kind, relation_uuid: o.value } : { relation: null });
              }}
            />
          )}
        </Group>
      </Box>

      <DataGrid
        caption={filters.state === "removed" ? "Removed participants" : "Participants"}
        columns={columns}
        rows={list.data?.students.data}
        total={list.data?.students.total}
        rowKey={(s) => s.id}
        rowLabel={(s) => personName(s)}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={studentsEmptyText(filters, me.role.id)}
        selection={showBulk ? selection : undefined}
        toolbar={
          showBulk ? (
            <BulkActions
              ids={selection.ids}
              state={filters.state}
              permissions={perms}
              onRemoved={(ids) => selection.remove(ids)}
            />
          ) : undefined
        }
      />

      <NewStudentModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(s) => {
          setCreating(false);
          notify.success(`${s.name} was added.`);
          void client.invalidateQueries({ queryKey: ["students"] });
          navigate(`/Students/${s.uuid}`);
        }}
      />
    </Stack>
  );
}

import { Alert, Button, Group, List, Stack, Text, Textarea } from "@mantine/core";
import { type FormEvent, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { DataGrid } from "../../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../../ui/grid/useGridParams.ts";
import { useGridSelection } from "../../../ui/grid/useGridSelection.ts";
import { notify } from "../../../ui/notify.tsx";
import { personName } from "../../../ui/person-name.ts";
import { SearchInput } from "../../../ui/SearchInput.tsx";
import { PickStudentsModal } from "../../links/PickStudentsModal.tsx";
import { addedText, studentsWord } from "../../links/pick-students.ts";
import { studentColumns } from "../../students/list/columns.tsx";
import { parseStudentFilters, STUDENT_GRID_DEFAULTS, withStudentFilters } from "../../students/list/filters.ts";
import { settledStudentIds, useStudentsList } from "../../students/list/queries.ts";
import type { TeamPermissions } from "../permissions.ts";
import {
  AttachSchoolIdsDocument,
  AttachStudentsDocument,
  DetachStudentsDocument,
  type SchoolFacts,
  type TeamDetail,
  useRefreshTeam,
} from "../queries.ts";
import { parseSchoolIds, pastedIdsError, pasteResultText } from "./paste-ids.ts";

/**
 * The team's members (the participants grid's columns), with, by permission
 * (create_participant): add students, paste school IDs, and take the selected out (confirm).
 */
export function StudentsTab({ team, school, can }: { team: TeamDetail; school: SchoolFacts; can: TeamPermissions }) {
  const refresh = useRefreshTeam(team.uuid);
  const grid = useGridParams(STUDENT_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const typed = parseStudentFilters(query).query;
  const filters = useMemo(
    () => ({ query: typed, state: "active" as const, relation: "team" as const, relation_uuid: team.uuid }),
    [typed, team.uuid],
  );
  const list = useStudentsList(filters, grid.params);
  // a new search keeps the selected rows still in its result (decision 0589)
  const selection = useGridSelection<number>({ filter: typed.trim(), settledIds: settledStudentIds(list) });
  const [adding, setAdding] = useState<"students" | "paste" | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = can.enrol && !team.deleted_at;

  const columns = useMemo(
    () => studentColumns({ timeZone: school.timezone, warningPercentage: school.warning_percentage, now: new Date() }),
    [school.timezone, school.warning_percentage],
  );

  const removeSelected = async () => {
    const ids = [...selection.ids];
    setBusy(true);
    try {
      const done = await confirmThen(
        {
          title: "Remove from team",
          message: `Take ${studentsWord(ids.length)} off ${team.name}? Their attendance is kept.`,
          danger: true,
        },
        () => execute(DetachStudentsDocument, { attachable_type: "team", attachable_id: team.id, student_ids: ids }),
        `${studentsWord(ids.length, true)} taken off ${team.name}.`,
      );
      if (done) {
        selection.clear();
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group align="end" justify="space-between" gap="sm" wrap="wrap">
        <SearchInput
          label="Search students"
          placeholder="Name or e-mail"
          value={typed}
          onChange={(v) => grid.updateQuery((q) => withStudentFilters(q, { query: v }), { replace: true })}
          w={{ base: "100%", xs: 260 }}
        />
        {editable && (
          <Group gap="xs">
            <Button onClick={() => setAdding("students")}>Add students</Button>
            <Button variant="default" onClick={() => setAdding("paste")}>
              Paste school IDs
            </Button>
          </Group>
        )}
      </Group>
      <DataGrid
        caption={`Students of ${team.name}`}
        columns={columns}
        rows={list.data?.students.data}
        total={list.data?.students.total}
        rowKey={(s) => s.id}
        rowLabel={(s) => personName(s)}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={typed ? "No matching data" : "No students on this team yet"}
        selection={editable ? selection : undefined}
        toolbar={
          editable ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={selection.count === 0}
              loading={busy}
              onClick={() => void removeSelected()}
            >
              Remove from team
            </Button>
          ) : undefined
        }
      />
      <PickStudentsModal
        opened={adding === "students"}
        title={`Add students to ${team.name}`}
        onClose={() => setAdding(null)}
        onSubmit={async (ids) => {
          const r = await execute(AttachStudentsDocument, {
            attachable_type: "team",
            attachable_id: team.id,
            student_ids: ids,
          });
          notify.success(addedText(r.attachStudents.changed, ids.length, team.name));
          await refresh();
        }}
      />
      <PasteIdsModal
        opened={adding === "paste"}
        team={team}
        onClose={() => setAdding(null)}
        onDone={() => void refresh()}
      />
    </Stack>
  );
}

/** Adds the participants whose school IDs are pasted (attachStudentsToTeam); tells who matched nobody. */
function PasteIdsModal({
  opened,
  team,
  onClose,
  onDone,
}: {
  opened: boolean;
  team: TeamDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ message: string; unknown: string[] } | null>(null);
  const ids = useMemo(() => parseSchoolIds(text), [text]);
  const close = () => {
    setText("");
    setError(null);
    setResult(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = pastedIdsError(ids);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const r = await execute(AttachSchoolIdsDocument, { team_id: team.id, student_school_ids: ids });
      const { changed, unknown } = r.attachStudentsToTeam;
      setResult({ message: pasteResultText(changed, ids.length, unknown.length), unknown });
      if (unknown.length === 0) {
        notify.success(pasteResultText(changed, ids.length, 0));
        close();
      } else setText(unknown.join("\n"));
      onDone();
    } catch (err) {
      setError(err instanceof Error ? `School IDs: ${err.message}` : "The students were not added.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={`Paste school IDs into ${team.name}`}
      size="lg"
      // the IDs that matched nobody, left in the box after a save, are already answered
      unsaved={text.trim() !== "" && text !== result?.unknown.join("\n") ? "the pasted school IDs" : null}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {result && (
            <Alert color={result.unknown.length ? "yellow" : "teal"} role="status" title="Done" c="gray.9">
              <Text size="sm">{result.message}</Text>
              {result.unknown.length > 0 && (
                <List size="sm" mt={4} aria-label="School IDs that matched nobody">
                  {result.unknown.map((u) => (
                    <List.Item key={u}>{u}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Textarea
            label="School IDs"
            description="One per line, or separated by commas or spaces; at most 1000"
            autosize
            minRows={5}
            maxRows={14}
            value={text}
            error={error}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {ids.length === 1 ? "1 school ID" : `${ids.length} school IDs`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {result ? "Close" : "Cancel"}
            </Button>
            <Button type="submit" loading={busy}>
              Add to team
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

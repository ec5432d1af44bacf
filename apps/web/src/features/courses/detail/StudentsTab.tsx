import { Button, Group, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DataGrid } from "../../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../../ui/grid/useGridParams.ts";
import { useGridSelection } from "../../../ui/grid/useGridSelection.ts";
import { notify } from "../../../ui/notify.tsx";
import { personName } from "../../../ui/person-name.ts";
import { SearchInput } from "../../../ui/SearchInput.tsx";
import { AddTeamModal } from "../../links/AddTeamModal.tsx";
import { PickStudentsModal } from "../../links/PickStudentsModal.tsx";
import { studentsWord } from "../../links/pick-students.ts";
import { studentColumns } from "../../students/list/columns.tsx";
import { parseStudentFilters, STUDENT_GRID_DEFAULTS, withStudentFilters } from "../../students/list/filters.ts";
import { settledStudentIds, useStudentsList } from "../../students/list/queries.ts";
import type { CoursePermissions } from "../permissions.ts";
import {
  AddTeamToCourseDocument,
  type CourseDetail,
  type CourseSchool,
  detachStudents,
  EnrolStudentsDocument,
  useRefreshCourse,
} from "../queries.ts";
import { enrolResultText } from "./enrol.ts";

/**
 * The students enrolled (the participants grid's columns), with, by permission
 * (create_participant): add students, add a whole team, and take the selected out (confirm).
 */
export function StudentsTab({
  course,
  school,
  can,
}: {
  course: CourseDetail;
  school: CourseSchool;
  can: CoursePermissions;
}) {
  const client = useQueryClient();
  const refreshCourse = useRefreshCourse(course.uuid);
  const grid = useGridParams(STUDENT_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const typed = parseStudentFilters(query).query;
  const filters = useMemo(
    () => ({ query: typed, state: "active" as const, relation: "course" as const, relation_uuid: course.uuid }),
    [typed, course.uuid],
  );
  const list = useStudentsList(filters, grid.params);
  // a new search keeps the selected rows still in its result (decision 0589)
  const selection = useGridSelection<number>({ filter: typed.trim(), settledIds: settledStudentIds(list) });
  const [adding, setAdding] = useState<"students" | "team" | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = can.enrol && !course.deleted_at;
  const canDetach = editable;

  const columns = useMemo(
    () =>
      studentColumns({
        timeZone: school.timezone,
        warningPercentage: school.warning_percentage,
        now: new Date(),
      }),
    [school.timezone, school.warning_percentage],
  );

  const refresh = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: ["students"] }), refreshCourse()]);
  };

  const removeSelected = async () => {
    const ids = [...selection.ids];
    setBusy(true);
    try {
      const done = await confirmThen(
        {
          title: "Remove from course",
          message: `Take ${studentsWord(ids.length)} out of ${course.title}? Their attendance so far is kept.`,
          danger: true,
        },
        () => detachStudents(course.id, ids),
        `${studentsWord(ids.length, true)} taken out of ${course.title}.`,
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
            <Button variant="default" onClick={() => setAdding("team")}>
              Add a team
            </Button>
          </Group>
        )}
      </Group>
      <DataGrid
        caption={`Students of ${course.title}`}
        columns={columns}
        rows={list.data?.students.data}
        total={list.data?.students.total}
        rowKey={(s) => s.id}
        rowLabel={(s) => personName(s)}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={typed ? "No matching data" : "No students enrolled yet"}
        selection={canDetach ? selection : undefined}
        toolbar={
          canDetach ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={selection.count === 0}
              loading={busy}
              onClick={() => void removeSelected()}
            >
              Remove from course
            </Button>
          ) : undefined
        }
      />
      <PickStudentsModal
        opened={adding === "students"}
        title={`Add students to ${course.title}`}
        onClose={() => setAdding(null)}
        onSubmit={async (ids) => {
          const r = await execute(EnrolStudentsDocument, { course_id: course.id, student_ids: ids });
          notify.success(enrolResultText(r.addCourseToStudents.changed, ids.length, course.title));
          void refresh();
        }}
      />
      <AddTeamModal
        opened={adding === "team"}
        title={course.title}
        intro="Every student of the team is enrolled in the course."
        add={async (team) => {
          const r = await execute(AddTeamToCourseDocument, { course_id: course.id, team_id: team.id });
          return r.addTeamToCourse.changed === 0
            ? `Everyone of ${team.name} was already enrolled.`
            : `${studentsWord(r.addTeamToCourse.changed, true)} of ${team.name} enrolled in ${course.title}.`;
        }}
        onClose={() => setAdding(null)}
        onDone={() => void refresh()}
      />
    </Stack>
  );
}

import { Box, Button, Checkbox, Group, NativeSelect, Stack } from "@mantine/core";
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
import { useLocationChoices } from "../../events/location-choices.ts";
import { CourseForm } from "../CourseForm.tsx";
import { courseVariables, EMPTY_COURSE_FORM } from "../course-form.ts";
import { coursePermissions } from "../permissions.ts";
import { CreateCourseDocument, useCoursesList } from "../queries.ts";
import { usePhone } from "../use-phone.ts";
import { courseColumns } from "./columns.tsx";
import {
  COURSE_GRID_DEFAULTS,
  type CourseFilters,
  type CourseState,
  coursesCaption,
  coursesEmptyText,
  parseCourseFilters,
  withCourseFilters,
} from "./filters.ts";

/**
 * /Courses (Recurring): the courses the viewer may see, searched, filtered (state, in session)
 * and sorted through the URL, and "New course" for the admin roles. A push refetches the rows in
 * place (attendance.update moves the APA and the in-session flags).
 */
export default function CoursesPage() {
  const me = useMe();
  const can = coursePermissions(me);
  const navigate = useNavigate();
  const client = useQueryClient();
  const grid = useGridParams(COURSE_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const filters = useMemo(() => parseCourseFilters(query), [query]);
  const list = useCoursesList(filters, grid.params);
  const [creating, setCreating] = useState(false);
  const phone = usePhone();
  const locations = useLocationChoices(creating);
  const warning = list.data?.school.warning_percentage ?? null;
  const columns = useMemo(() => courseColumns(warning), [warning]);

  const setFilters = (patch: Partial<CourseFilters>, replace = false) =>
    grid.updateQuery((q) => withCourseFilters(q, patch), { replace });

  const caption = coursesCaption(filters);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageHeading>Recurring</PageHeading>
        {can.edit && <Button onClick={() => setCreating(true)}>New course</Button>}
      </Group>

      <Box component="form" role="search" aria-label="Filter courses" onSubmit={(e) => e.preventDefault()}>
        <Group align="end" gap="sm" wrap="wrap">
          <SearchInput
            label="Search courses"
            placeholder="Title, CRN or course number"
            value={filters.query}
            onChange={(v) => setFilters({ query: v }, true)}
            w={{ base: "100%", xs: 280 }}
          />
          <NativeSelect
            label="State"
            value={filters.state}
            onChange={(e) => setFilters({ state: e.currentTarget.value as CourseState })}
            data={[
              { value: "active", label: "Active" },
              { value: "archived", label: "Archived" },
              { value: "removed", label: "Removed" },
            ]}
          />
          <Checkbox
            label="In session now"
            checked={filters.in_session}
            onChange={(e) => setFilters({ in_session: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
      </Box>

      <DataGrid
        caption={caption}
        columns={columns}
        rows={list.data?.courses.data}
        total={list.data?.courses.total}
        rowKey={(c) => c.id}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={coursesEmptyText(filters, me.role.id)}
      />

      <FormModal opened={creating} onClose={() => setCreating(false)} title="New course" size="xl" fullScreen={phone}>
        <CourseForm
          label="New course"
          initial={EMPTY_COURSE_FORM}
          submitLabel="Create course"
          locations={locations.data ?? []}
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const r = await execute(CreateCourseDocument, courseVariables(values));
            setCreating(false);
            notify.success(`${r.createCourse.title} was created.`);
            void client.invalidateQueries({ queryKey: ["courses"] });
            navigate(`/Courses/${r.createCourse.uuid}`);
          }}
        />
      </FormModal>
    </Stack>
  );
}

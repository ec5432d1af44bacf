import { Badge, Group } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { ApaFigure } from "../../../ui/ApaFigure.tsx";
import type { GridColumn } from "../../../ui/grid/DataGrid.tsx";
import { courseDays, courseTimes } from "../format.ts";
import type { CourseRow } from "../queries.ts";

/** The title, with "In session" written out (never colour alone). */
function TitleCell({ row }: { row: CourseRow }) {
  return (
    <Group gap={6} wrap="wrap" component="span">
      <span>{row.title}</span>
      {row.is_in_session && (
        <Badge size="xs" color="teal" variant="light" c="gray.9" tt="none" component="span">
          In session
        </Badge>
      )}
    </Group>
  );
}

/** The /Courses columns: title (a link), crn, course number, days, times, location, students, APA. */
export function courseColumns(warningPercentage: number | null): GridColumn<CourseRow>[] {
  return [
    {
      key: "title",
      header: "Title",
      sortBy: "title",
      phone: "title",
      render: (c) => <TitleCell row={c} />,
      href: (c) => `/Courses/${c.uuid}`,
    },
    { key: "crn", header: "CRN", sortBy: "crn", render: (c) => c.crn ?? "—" },
    { key: "course_number", header: "Course number", sortBy: "course_number", render: (c) => c.course_number ?? "—" },
    { key: "days", header: "Days", render: (c) => courseDays(c) },
    { key: "times", header: "Times", sortBy: "start_time", render: (c) => courseTimes(c) },
    { key: "location", header: "Location", render: (c) => c.location?.name ?? "—" },
    {
      key: "students_count",
      header: "Students",
      sortBy: "students_count",
      align: "right",
      render: (c) => formatCount(c.students_count),
    },
    {
      key: "apa",
      header: "APA",
      align: "right",
      render: (c) => <ApaFigure apa={c.apa} warning={warningPercentage} />,
    },
  ];
}

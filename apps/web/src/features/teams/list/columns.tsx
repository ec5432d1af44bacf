import { Badge, Group } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { ApaFigure } from "../../../ui/ApaFigure.tsx";
import type { GridColumn } from "../../../ui/grid/DataGrid.tsx";
import type { TeamRow } from "../queries.ts";

export const visibilityWord = (v: string) => (v === "public" ? "Public" : "Private");

/** The /Teams columns: name (a link), tag, sport, visibility, students, APA. */
export function teamColumns(warningPercentage: number | null): GridColumn<TeamRow>[] {
  return [
    {
      key: "name",
      header: "Name",
      sortBy: "name",
      phone: "title",
      render: (t) => t.name,
      href: (t) => `/Teams/${t.uuid}`,
    },
    { key: "tag", header: "Tag", render: (t) => t.tag ?? "—" },
    {
      key: "is_sport",
      header: "Sport",
      render: (t) =>
        t.is_sport ? (
          <Group gap={4} component="span">
            <Badge size="sm" color="blue" variant="light" c="gray.9" tt="none" component="span">
              Sport
            </Badge>
          </Group>
        ) : (
          "No"
        ),
    },
    { key: "visibility", header: "Visibility", render: (t) => visibilityWord(t.visibility) },
    {
      key: "students_count",
      header: "Students",
      sortBy: "students_count",
      align: "right",
      render: (t) => formatCount(t.students_count),
    },
    {
      key: "apa",
      header: "APA",
      sortBy: "apa",
      align: "right",
      render: (t) => <ApaFigure apa={t.apa} warning={warningPercentage} />,
    },
  ];
}

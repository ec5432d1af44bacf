import { Badge, Group } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { formatDate } from "../../../ui/dates/date-format.ts";
import type { GridColumn } from "../../../ui/grid/DataGrid.tsx";
import { eventTimes } from "../event-form.ts";
import type { EventRow } from "../queries.ts";

export const visibilityWord = (v: string) => (v === "public" ? "Public" : "Private");

/** The title, with "In session" written out (never colour alone). */
function TitleCell({ row }: { row: EventRow }) {
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

/** The /Events columns: title (a link), date, times, location, capacity, attending, waitlist, visibility. */
export function eventColumns(): GridColumn<EventRow>[] {
  return [
    {
      key: "title",
      header: "Title",
      sortBy: "title",
      phone: "title",
      render: (e) => <TitleCell row={e} />,
      href: (e) => `/Events/${e.uuid}`,
    },
    { key: "date", header: "Date", sortBy: "date", render: (e) => formatDate(e.date) || "—" },
    { key: "times", header: "Times", sortBy: "start_time", render: (e) => eventTimes(e) },
    { key: "location", header: "Location", render: (e) => e.location?.name ?? "—" },
    {
      key: "capacity",
      header: "Capacity",
      align: "right",
      render: (e) => (e.capacity === null ? "No limit" : formatCount(e.capacity)),
    },
    {
      key: "attending_count",
      header: "Attending",
      sortBy: "attending_count",
      align: "right",
      render: (e) => formatCount(e.attending_count),
    },
    {
      key: "waitlist_count",
      header: "Waitlist",
      align: "right",
      render: (e) => formatCount(e.waitlist_count),
    },
    { key: "visibility", header: "Visibility", render: (e) => visibilityWord(e.visibility) },
  ];
}

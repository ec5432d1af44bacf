import { Stack, Text } from "@mantine/core";
import { ApaFigure } from "../../../ui/ApaFigure.tsx";
import type { GridColumn } from "../../../ui/grid/DataGrid.tsx";
import { ListName } from "../../../ui/ListName.tsx";
import { formatInZone, lastSeenText } from "./format.ts";
import type { StudentRow } from "./queries.ts";

export interface ColumnContext {
  timeZone: string;
  warningPercentage: number | null;
  now: Date;
}

function DeviceCell({ row }: { row: StudentRow }) {
  const device = row.device;
  if (!device) {
    return (
      <Text size="sm" c="dimmed">
        Not registered
      </Text>
    );
  }
  const perm = (on: boolean) => (on ? "on" : "off");
  return (
    <Stack gap={0}>
      <Text size="sm">Registered</Text>
      <Text size="xs" c={device.location_permission && device.bluetooth_permission ? "dimmed" : "red.9"}>
        Location {perm(device.location_permission)} · Bluetooth {perm(device.bluetooth_permission)}
      </Text>
    </Stack>
  );
}

/** The /Students columns: name (a link to the student), e-mail, identifier, APAs, last seen, device. */
export function studentColumns(ctx: ColumnContext): GridColumn<StudentRow>[] {
  return [
    {
      key: "name",
      header: "Name",
      sortBy: "name",
      phone: "title",
      render: (s) => <ListName person={s} />,
      href: (s) => `/Students/${s.uuid}`,
    },
    { key: "email", header: "E-mail", sortBy: "email", render: (s) => s.email ?? "—" },
    {
      key: "school_identifier",
      header: "School ID",
      sortBy: "school_identifier",
      render: (s) => s.school_identifier ?? "—",
    },
    {
      key: "weekly_apa",
      header: "Weekly APA",
      sortBy: "weekly_apa",
      align: "right",
      render: (s) => <ApaFigure apa={s.weekly_apa} warning={ctx.warningPercentage} />,
    },
    {
      key: "semester_apa",
      header: "Semester APA",
      sortBy: "semester_apa",
      align: "right",
      render: (s) => <ApaFigure apa={s.semester_apa} warning={ctx.warningPercentage} />,
    },
    {
      key: "last_seen",
      header: "Last seen",
      sortBy: "last_seen",
      render: (s) =>
        s.last_seen ? (
          <time dateTime={s.last_seen} title={formatInZone(new Date(s.last_seen), ctx.timeZone)}>
            {lastSeenText(s.last_seen, ctx.now, ctx.timeZone)}
          </time>
        ) : (
          "Never"
        ),
    },
    { key: "device", header: "Device", render: (s) => <DeviceCell row={s} /> },
  ];
}

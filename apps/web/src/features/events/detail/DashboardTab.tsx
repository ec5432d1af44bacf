import { Alert, Anchor, SimpleGrid, Stack, Text } from "@mantine/core";
import { parseClock, zonedToUtc } from "@rollbook/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { StatusBarChart } from "../../../ui/charts/StatusBarChart.tsx";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { personName } from "../../../ui/person-name.ts";
import { LiveRoster } from "../../../ui/roster/LiveRoster.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { humanize } from "../../../ui/status.ts";
import { type EventDetail, rosterKey, useEventFigures, useEventRoster } from "../queries.ts";
import { ScanCodePanel } from "./ScanCodePanel.tsx";

/** Whether the event's end, on the school's clock, has passed: the server refuses scans then. */
export function hasEnded(event: Pick<EventDetail, "date" | "end_time">, timeZone: string, now = new Date()): boolean {
  return zonedToUtc(event.date, parseClock(event.end_time), timeZone).getTime() <= now.getTime();
}

/**
 * The event's dashboard: the live roster while it runs and the rotating scan code for the
 * projector; the attendance by status (a chart with the same numbers as a table) and who
 * missed it.
 */
export function DashboardTab({
  event,
  timeZone,
  canOverride,
}: {
  event: EventDetail;
  timeZone: string;
  canOverride: boolean;
}) {
  const figures = useEventFigures(event.uuid);
  const roster = useEventRoster(event.uuid);
  const client = useQueryClient();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {event.deleted_at || hasEnded(event, timeZone) ? (
          <DetailSection title="Scan code" order={2}>
            <Text size="sm" c="dimmed">
              {event.deleted_at ? "A removed event has no scan code." : "The event is over: no scan code is offered."}
            </Text>
          </DetailSection>
        ) : (
          <ScanCodePanel eventId={event.id} title={event.title} />
        )}
        <Stack gap="md">
          {figures.isError && (
            <Alert color="red" role="alert" title="The figures could not be loaded">
              {figures.error.message}
            </Alert>
          )}
          {figures.isPending && <Spinner label="Loading the figures" />}
          {figures.data && (
            <>
              <DetailSection title="Attendance" order={2}>
                <StatusBarChart
                  graph={figures.data.attendance_graph}
                  caption="Students by attendance status"
                  labelHeader="Status"
                  formatLabel={humanize}
                  type="default"
                />
              </DetailSection>
              <DetailSection title="Missed the event" order={2}>
                {figures.data.missed_event.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nobody.
                  </Text>
                ) : (
                  <Stack component="ul" gap={4} m={0} pl="md">
                    {figures.data.missed_event.map((s) => (
                      <li key={s.id}>
                        <Anchor component={Link} to={`/Students/${s.uuid}`} size="sm">
                          {personName(s)}
                        </Anchor>
                      </li>
                    ))}
                  </Stack>
                )}
              </DetailSection>
            </>
          )}
        </Stack>
      </SimpleGrid>
      <LiveRoster
        of={{
          id: event.id,
          type: "event",
          noun: "attending",
          idle: "The event is not in progress. The roster shows here while it runs.",
        }}
        roster={roster}
        timeZone={timeZone}
        canOverride={canOverride}
        onChanged={() => void client.invalidateQueries({ queryKey: rosterKey(event.uuid) })}
      />
    </Stack>
  );
}

import { Button, Group, Select, SimpleGrid, Stack, Text, Timeline, Title } from "@mantine/core";
import { useState } from "react";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { formatDateTime, formatDateTimeSeconds, formatTimeSeconds } from "../../../ui/detail/format.ts";
import { PingPlot } from "../../../ui/plot/PingPlot.tsx";
import { humanize, statusLabel } from "../../../ui/status.ts";
import { useUpdateAttendance } from "./queries.ts";
import type { AttendanceRow } from "./types.ts";

const who = (u: { first_name: string; last_name: string } | null) => (u ? `${u.first_name} ${u.last_name}` : "Someone");

/** "+80%" for support, "−30%" for what a check took. */
export const effectText = (effect: number) => `${effect >= 0 ? "+" : "−"}${Math.round(Math.abs(effect) * 100)}%`;

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ChangeStatus({
  row,
  statuses,
  label,
}: {
  row: AttendanceRow;
  statuses: { id: number; name: string }[];
  label: string;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const update = useUpdateAttendance();
  const next = choice === null ? null : Number(choice);
  const apply = async () => {
    if (next === null) return;
    const done = await confirmThen(
      {
        title: "Change status",
        message: `Change the status of ${label} from ${statusLabel(row.status).toLowerCase()} to ${statusLabel(next).toLowerCase()}? The override is kept, and the attendance is locked against the engine.`,
      },
      () => update.mutateAsync({ id: row.id, status: next }),
      `The status is now ${statusLabel(next).toLowerCase()}.`,
    );
    if (done) setChoice(null);
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label="New status"
        placeholder="Pick a status"
        data={statuses
          .filter((s) => s.id !== row.status)
          .map((s) => ({ value: String(s.id), label: statusLabel(s.id, s.name) }))}
        value={choice}
        onChange={setChoice}
        allowDeselect={false}
        w={200}
      />
      <Button onClick={() => void apply()} disabled={next === null} loading={update.isPending}>
        Change status
      </Button>
    </Group>
  );
}

/**
 * An attendance opened up: the evidence behind its confidence (strongest first), the activity
 * timeline, the overrides, the pings on the fence, and the override control.
 */
export function AttendanceDetail({
  row,
  timeZone,
  statuses,
  canOverride,
  label,
}: {
  row: AttendanceRow;
  timeZone: string;
  statuses: { id: number; name: string }[];
  canOverride: boolean;
  /** The session in words, e.g. "11/20/2026". */
  label: string;
}) {
  const loc = row.location;
  const fence =
    loc && loc.latitude !== null && loc.longitude !== null && loc.radius !== null
      ? { latitude: loc.latitude, longitude: loc.longitude, radius: loc.radius }
      : null;
  return (
    <Stack gap="md" py="xs">
      {canOverride && (
        <Block title="Change status">
          {row.lock && row.overrides.length > 0 && (
            <Text size="sm" c="dimmed">
              Locked by override: the engine no longer changes this status. You may still change it.
            </Text>
          )}
          <ChangeStatus row={row} statuses={statuses} label={label} />
        </Block>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Block title="Evidence">
          {row.evidence.length === 0 ? (
            <Text size="sm" c="dimmed">
              No evidence yet.
            </Text>
          ) : (
            <Stack component="ol" gap={4} m={0} pl="md">
              {row.evidence.map((e) => (
                <Text component="li" size="sm" key={`${e.kind}:${e.summary}`}>
                  {e.summary}{" "}
                  <Text component="span" size="xs" c="dimmed">
                    ({effectText(e.effect)})
                  </Text>
                </Text>
              ))}
            </Stack>
          )}
        </Block>
        <Block title="Pings">
          <PingPlot
            fence={fence}
            placeName={loc?.name}
            pings={row.coordinates.map((c) => ({
              id: c.id,
              latitude: c.latitude,
              longitude: c.longitude,
              time: formatTimeSeconds(c.created_at, timeZone),
            }))}
          />
          {!fence && loc && (
            <Text size="xs" c="dimmed">
              {loc.name} has no fence.
            </Text>
          )}
        </Block>
        <Block title="Activity">
          {row.activity.length === 0 ? (
            <Text size="sm" c="dimmed">
              No activity.
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} active={row.activity.length - 1}>
              {row.activity.map((a) => (
                <Timeline.Item key={a.id} title={humanize(a.event)}>
                  {/* with its date: an override or a finalisation may come days after the session */}
                  <Text size="xs" c="dimmed">
                    {formatDateTimeSeconds(a.created_at, timeZone)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Block>
        <Block title="Overrides">
          {row.overrides.length === 0 ? (
            <Text size="sm" c="dimmed">
              No overrides.
            </Text>
          ) : (
            <Stack component="ul" gap={4} m={0} pl="md" aria-label="Overrides">
              {row.overrides.map((o) => (
                <Text component="li" size="sm" key={o.id} data-testid="override">
                  {statusLabel(o.old_status)} → {statusLabel(o.new_status)}, by {who(o.user)},{" "}
                  {formatDateTime(o.created_at, timeZone)}
                </Text>
              ))}
            </Stack>
          )}
        </Block>
      </SimpleGrid>
    </Stack>
  );
}

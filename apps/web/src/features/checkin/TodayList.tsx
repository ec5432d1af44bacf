import { Alert, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatClock } from "@rollbook/domain";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../ui/Spinner.tsx";
import type { TodaySession } from "./schedule-model.ts";
import { statusColour, statusWords } from "./status-words.ts";
import type { ScheduleState } from "./use-schedule.ts";

const clock = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });

/** Says status changes out loud (screen readers), without announcing the first load. */
function useStatusAnnouncement(sessions: TodaySession[] | undefined) {
  const previous = useRef<Map<string, number | null> | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!sessions) return;
    const now = new Map(sessions.map((s) => [s.key, s.status]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    const changes = sessions
      .filter((s) => before.has(s.key) && before.get(s.key) !== s.status)
      .map((s) => `${s.title}: ${statusWords(s.status)}`);
    if (changes.length) setMessage(`Status changed. ${changes.join(". ")}.`);
  }, [sessions]);
  return message;
}

function SessionRow({ s }: { s: TodaySession }) {
  const words = statusWords(s.status);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
            {s.title}
          </Title>
          <Text size="sm">
            {formatClock(s.start_time)} – {formatClock(s.end_time)}
            {s.type === "event" ? " · Event" : ""}
          </Text>
          {s.location && (
            <Text size="sm" c="dimmed">
              {s.location}
            </Text>
          )}
          {s.manual && !s.cancelled && (
            <Text size="sm" c="dimmed">
              Staff take attendance for this class.
            </Text>
          )}
        </Stack>
        {/* the light variant's own text colour is too pale on yellow and orange: dark text passes AA on all */}
        <Badge
          color={statusColour(s.status)}
          c="gray.9"
          variant="light"
          size="lg"
          radius="sm"
          style={{ flexShrink: 0 }}
        >
          <span className="checkin-status">{words}</span>
        </Badge>
      </Group>
    </Paper>
  );
}

/** Today's classes and events with their live attendance status. */
export function TodayList({ state }: { state: ScheduleState }) {
  const { schedule, loadedAt, loading, error } = state;
  const announcement = useStatusAnnouncement(schedule?.sessions);
  return (
    <section aria-labelledby="today-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} id="today-title" size="h3">
          Today
        </Title>
        {loading && <Spinner size="xs" label="Refreshing today's sessions" />}
      </Group>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {error && (
        <Alert color="orange" variant="light" mb="sm" role="alert">
          {error}
          {schedule && loadedAt ? ` Showing the list as of ${clock(loadedAt)}.` : ""}
        </Alert>
      )}
      {!schedule && loading && <Text>Loading today's sessions…</Text>}
      {schedule && schedule.sessions.length === 0 && <Text>No classes or events today.</Text>}
      {schedule && schedule.sessions.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Today's sessions">
          {schedule.sessions.map((s) => (
            <SessionRow key={s.key} s={s} />
          ))}
        </Stack>
      )}
      {schedule && loadedAt && !error && (
        <Text size="xs" c="dimmed" mt="xs">
          Updated {clock(loadedAt)}
        </Text>
      )}
    </section>
  );
}

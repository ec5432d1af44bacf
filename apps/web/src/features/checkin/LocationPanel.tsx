import { Alert, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import type { TrackerState } from "./location-tracker.ts";
import type { OutboxState } from "./ping-outbox.ts";

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: "numeric", minute: "2-digit", second: "2-digit" });

export const waitingText = (n: number) => `${n} ${n === 1 ? "ping" : "pings"} waiting to send`;

/**
 * The waiting count as shown: online, a ping waits only a moment before it is sent; showing (and
 * announcing) "1 ping waiting" every 30 s would be noise, so a count appears after SETTLE_MS.
 */
const SETTLE_MS = 2_000;
function useSettledWaiting(waiting: number) {
  const [shown, setShown] = useState(waiting);
  useEffect(() => {
    if (waiting === 0 || shown > 0) {
      setShown(waiting);
      return;
    }
    const t = setTimeout(() => setShown(waiting), SETTLE_MS);
    return () => clearTimeout(t);
  }, [waiting, shown]);
  return shown;
}

function Explanation({ onShare }: { onShare: () => void }) {
  return (
    <Stack gap="sm">
      <Text>Rollbook checks you in when your phone is at your class or event. To do that it needs your location.</Text>
      <List size="sm" spacing={4}>
        <List.Item>Your location is sent only while this page is open.</List.Item>
        <List.Item>Your school sees whether you were at the session's location, and when.</List.Item>
        <List.Item>Without the network, check-ins wait on this phone and are sent later.</List.Item>
      </List>
      <Button size="md" onClick={onShare}>
        Share my location
      </Button>
    </Stack>
  );
}

/** Location permission, whether the phone is checking in, and the pings still waiting to go. */
export function LocationPanel({
  tracker,
  outbox,
  onShare,
  onSendNow,
}: {
  tracker: TrackerState;
  outbox: OutboxState;
  onShare: () => void;
  onSendNow: () => void;
}) {
  const { permission } = tracker;
  const waiting = useSettledWaiting(outbox.waiting);
  return (
    <Paper component="section" aria-labelledby="location-title" withBorder p="md" radius="md">
      <Title order={2} id="location-title" size="h3" mb="sm">
        Check-in by location
      </Title>
      {(permission === "prompt" || (permission === "unknown" && !tracker.watching)) && (
        <Explanation onShare={onShare} />
      )}
      {permission === "denied" && (
        <Alert color="orange" variant="light" title="Location is blocked">
          To check in by location, allow location for this site in your browser's settings, then reload this page. You
          can still scan an event code or show your offline code.
        </Alert>
      )}
      {permission === "unsupported" && (
        <Alert color="orange" variant="light">
          This browser cannot share a location. Scan an event code or show your offline code instead.
        </Alert>
      )}
      {tracker.watching && (
        <Text>
          {tracker.lastFix
            ? `Checking you in by location. Last position at ${clock(tracker.lastFix.at)} (within ${Math.round(tracker.lastFix.accuracy)} m).`
            : "Finding your location…"}
        </Text>
      )}
      {tracker.error && permission !== "denied" && (
        <Text size="sm" c="red.9" mt="xs">
          {tracker.error}
        </Text>
      )}
      <Stack gap={4} mt="sm">
        {!outbox.online && (
          // bold in the body colour: orange text on white is below AA contrast
          <Text fw={600}>You are offline. Check-ins are kept on this phone and sent when the connection is back.</Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text role="status" aria-live="polite" aria-atomic="true">
            {waiting > 0 ? waitingText(waiting) : "Nothing waiting to send"}
          </Text>
          {waiting > 0 && outbox.online && (
            <Button variant="light" size="compact-md" onClick={onSendNow} loading={outbox.sending}>
              Send now
            </Button>
          )}
        </Group>
        {outbox.lastSentAt && (
          <Text size="sm" c="dimmed">
            Last sent at {clock(outbox.lastSentAt)}
          </Text>
        )}
        {outbox.error && waiting > 0 && (
          <Text size="sm" c="dimmed">
            Last attempt: {outbox.error}
            {outbox.retryAt ? ` Trying again at ${clock(outbox.retryAt)}.` : ""}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

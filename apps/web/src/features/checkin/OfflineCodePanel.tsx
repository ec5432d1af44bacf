import { Alert, Paper, Progress, Text, Title, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";
import { deviceClock } from "./clock-offset.ts";
import { msToNextCode, OFFLINE_CODE_STEP_MS, offlineCodeAt } from "./offline-code.ts";

/** The server's time as the phone best knows it: staff check the code against the server's clock. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => deviceClock.now());
  useEffect(() => {
    const t = setInterval(() => setNow(deviceClock.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** The current offline code, for staff to type in when the phone has no network or location. */
export function OfflineCodePanel({ secret }: { secret: string | null }) {
  const now = useNow(1000);
  let code: string | null = null;
  if (secret) {
    try {
      code = offlineCodeAt(secret, now);
    } catch {
      code = null;
    }
  }
  const left = Math.ceil(msToNextCode(now) / 1000);
  return (
    <Paper component="section" aria-labelledby="offline-title" withBorder p="md" radius="md">
      <Title order={2} id="offline-title" size="h3" mb="xs">
        Offline code
      </Title>
      {code ? (
        <>
          <Text size="sm" mb="xs">
            No network or location? Show this code to a staff member; they type it in to check you in. It works without
            a connection.
          </Text>
          <Text component="p" ta="center" fz={40} fw={700} ff="monospace" lts={4} my="xs">
            {/* read digit by digit, not as "one hundred twenty-three" */}
            <VisuallyHidden>{code.split("").join(" ")}</VisuallyHidden>
            <span aria-hidden="true" data-testid="offline-code">
              {code.slice(0, 3)} {code.slice(3)}
            </span>
          </Text>
          <Progress
            value={(msToNextCode(now) / OFFLINE_CODE_STEP_MS) * 100}
            size="sm"
            aria-label="Time left for this code"
            transitionDuration={0}
          />
          <Text size="sm" ta="center" mt={4}>
            New code in {left} s
          </Text>
        </>
      ) : (
        <Alert color="orange" variant="light">
          The offline code is not available on this phone yet. Sign out and sign in again while online.
        </Alert>
      )}
    </Paper>
  );
}

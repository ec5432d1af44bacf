import { Alert, Box, Button, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { execute } from "../../../lib/graphql.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { QrCode } from "../../../ui/detail/QrCode.tsx";
import { Spinner } from "../../../ui/Spinner.tsx";
import { useFullscreen } from "../../../ui/use-fullscreen.ts";
import { EventScanCodeDocument } from "../queries.ts";
import { nextScanRefreshMs } from "./scan-refresh.ts";

/**
 * The event's rotating scan code as a large QR code for a projector: fetched again when it
 * expires (every 30 s), and "Full screen" shows it alone over the whole screen (Esc leaves).
 */
export function ScanCodePanel({ eventId, title }: { eventId: number; title: string }) {
  const code = useQuery({
    queryKey: ["scanCode", eventId],
    queryFn: async () => (await execute(EventScanCodeDocument, { event_id: eventId })).scanCode,
    refetchInterval: (q) => nextScanRefreshMs(q.state.data?.expires_at, Date.now()),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const box = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(box);
  const size = fullscreen.active ? 720 : 300;
  return (
    <DetailSection
      title="Scan code"
      order={2}
      actions={
        fullscreen.supported ? (
          <Button variant="default" onClick={() => void fullscreen.toggle()} disabled={!code.data}>
            {fullscreen.active ? "Leave full screen" : "Full screen"}
          </Button>
        ) : undefined
      }
    >
      {code.isPending ? (
        <Spinner label="Loading the scan code" />
      ) : code.isError ? (
        <Alert color="red" role="alert" title="The scan code could not be loaded">
          {code.error.message}
        </Alert>
      ) : (
        <Box
          ref={box}
          data-testid="scan-code"
          style={{
            background: "white",
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            justifyContent: "center",
            gap: 12,
            padding: 12,
          }}
        >
          {fullscreen.active && (
            <Text fw={700} size="xl" c="gray.9" ta="center">
              {title}: scan to check in
            </Text>
          )}
          <div style={{ width: "100%", maxWidth: size, aspectRatio: "1 / 1" }}>
            <QrCode
              value={code.data.code}
              label={`Scan code for ${title}; students scan it with the check-in app`}
              size={size}
            />
          </div>
          <Stack gap={2} align="center">
            <Text size="sm" c="gray.8" ta="center">
              Students scan this with the Rollbook check-in app. It changes every 30 seconds.
            </Text>
            {fullscreen.active && (
              <Group>
                <Button variant="default" onClick={() => void fullscreen.toggle()}>
                  Leave full screen
                </Button>
              </Group>
            )}
          </Stack>
        </Box>
      )}
    </DetailSection>
  );
}

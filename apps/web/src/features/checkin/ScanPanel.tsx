import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { DeviceError, scan } from "./device-api.ts";
import type { Fix, LocationPermission } from "./location-tracker.ts";
import { CameraError, type QrScanner, startQrScanner } from "./qr-camera.ts";
import { scanPosition } from "./scan-position.ts";
import { describeScan, scanErrorText, scanNote } from "./scan-result.ts";

type Result = { ok: true; text: string; note: string | null } | { ok: false; text: string };

/** Checks in at an event by its QR code: from the camera, or typed in. */
export function ScanPanel({
  token,
  lastFix,
  permission,
  onCheckedIn,
  onUnauthorized,
}: {
  token: string;
  /** the phone's last position, sent with the scan while fresh (decision 0552) */
  lastFix: Fix | null;
  /** whether the phone may share its location: the words when a scan went without it */
  permission: LocationPermission;
  onCheckedIn: () => void;
  onUnauthorized: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const [camera, setCamera] = useState<"off" | "starting" | "on">("off");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  // the camera's callback outlives the render that started it: read the newest fix at the scan
  const fix = useRef(lastFix);
  fix.current = lastFix;
  const allowed = useRef(permission);
  allowed.current = permission;

  useEffect(() => () => scanner.current?.stop(), []);

  const submit = async (raw: string) => {
    const value = raw.trim();
    if (!value) {
      setResult({ ok: false, text: "Enter the event code." });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const position = scanPosition(fix.current);
      const answer = await scan(token, value, position);
      setResult({ ok: true, text: describeScan(answer), note: scanNote(answer, position, allowed.current) });
      setCode("");
      onCheckedIn();
    } catch (err) {
      if (err instanceof DeviceError && err.status === 401) {
        onUnauthorized();
        return;
      }
      setResult({ ok: false, text: scanErrorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const stopCamera = () => {
    scanner.current?.stop();
    scanner.current = null;
    setCamera("off");
  };

  const startCamera = async () => {
    if (!video.current) return;
    setResult(null);
    setCamera("starting");
    try {
      scanner.current = await startQrScanner(video.current, (text) => {
        scanner.current = null;
        setCamera("off");
        void submit(text);
      });
      setCamera((c) => (c === "starting" ? "on" : c));
    } catch (err) {
      setCamera("off");
      setResult({ ok: false, text: err instanceof CameraError ? err.message : "The camera could not start." });
    }
  };

  const onType = (e: FormEvent) => {
    e.preventDefault();
    void submit(code);
  };

  return (
    <Paper component="section" aria-labelledby="scan-title" withBorder p="md" radius="md">
      <Title order={2} id="scan-title" size="h3" mb="xs">
        Scan event code
      </Title>
      <Text size="sm" mb="sm">
        At an event, scan the code on the organiser's screen to check in.
      </Text>
      <Box
        style={{
          display: camera === "off" ? "none" : "block",
          borderRadius: "var(--mantine-radius-md)",
          overflow: "hidden",
          background: "#000",
        }}
        mb="sm"
      >
        <video ref={video} muted playsInline aria-label="Camera preview" style={{ width: "100%", display: "block" }} />
      </Box>
      {camera === "off" ? (
        <Button size="md" fullWidth onClick={startCamera} disabled={busy}>
          Start camera
        </Button>
      ) : (
        <Button size="md" fullWidth variant="default" onClick={stopCamera}>
          {camera === "starting" ? "Starting camera…" : "Stop camera"}
        </Button>
      )}
      {camera === "on" && (
        <Text size="sm" mt="xs" role="status">
          Point the camera at the event's QR code.
        </Text>
      )}
      <form onSubmit={onType} noValidate>
        <Stack gap="xs" mt="md">
          {/* the organiser's screen shows the QR code alone, no code to copy by hand */}
          <Text size="sm">
            No camera? Show your offline code below to a staff member. If another app read the event's QR code, paste
            its text here.
          </Text>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Event code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              style={{ flex: 1, minWidth: 0 }}
              size="md"
            />
            <Button type="submit" size="md" loading={busy}>
              Send code
            </Button>
          </Group>
        </Stack>
      </form>
      <div role="status" aria-live="polite">
        {result && (
          <Alert
            mt="sm"
            variant="light"
            color={result.ok ? "teal" : "red"}
            title={result.ok ? "Checked in" : "Not checked in"}
          >
            {result.text}
            {result.ok && result.note && (
              <Text size="sm" mt={4}>
                {result.note}
              </Text>
            )}
          </Alert>
        )}
      </div>
    </Paper>
  );
}

/**
 * The students' check-in app at /CheckIn: an installable, mobile-first PWA outside the staff
 * shell. A student signs in with the personal token; the phone then pings its position while the
 * page is open (queued when offline), shows today's sessions and their live status, scans an
 * event's QR code and shows the offline code.
 */
import { Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { readDevice, type StoredDevice, saveDevice, useStoredDevice } from "./device-store.ts";
import { LocationPanel } from "./LocationPanel.tsx";
import { NotSentPanel } from "./NotSentPanel.tsx";
import { OfflineCodePanel } from "./OfflineCodePanel.tsx";
import { usePwa } from "./pwa.ts";
import { registerDevice } from "./register-device.ts";
import { ScanPanel } from "./ScanPanel.tsx";
import { SignInScreen } from "./SignInScreen.tsx";
import { forgetStudent, signOut } from "./sign-out.ts";
import { TodayList } from "./TodayList.tsx";
import { useCheckIn } from "./use-check-in.ts";
import { useSchedule } from "./use-schedule.ts";

function Home({ device, onExpired }: { device: StoredDevice; onExpired: () => void }) {
  const checkIn = useCheckIn(device.token, onExpired);
  const [scans, setScans] = useState(0);
  const schedule = useSchedule(device.token, checkIn.sentCount + scans, onExpired);
  const granted = checkIn.tracker.permission === "granted";

  // tell the server when location permission changes, and pick up a new offline secret
  const lastRegistered = useRef<boolean | null>(null);
  useEffect(() => {
    if (checkIn.tracker.permission === "unknown" || lastRegistered.current === granted) return;
    const first = lastRegistered.current === null;
    lastRegistered.current = granted;
    if (first && !granted) return;
    registerDevice(device.token, granted).then(
      (fresh) => {
        if (readDevice()?.token === device.token) saveDevice(fresh);
      },
      () => {
        // offline or refused: the next change or sign-in registers again
      },
    );
  }, [granted, checkIn.tracker.permission, device.token]);

  return (
    <Stack gap="md">
      <TodayList state={schedule} />
      <LocationPanel
        tracker={checkIn.tracker}
        outbox={checkIn.outbox}
        onShare={checkIn.shareLocation}
        onSendNow={checkIn.sendNow}
      />
      <NotSentPanel />
      <ScanPanel
        token={device.token}
        lastFix={checkIn.tracker.lastFix}
        permission={checkIn.tracker.permission}
        onCheckedIn={() => setScans((n) => n + 1)}
        onUnauthorized={onExpired}
      />
      <OfflineCodePanel secret={device.offline_secret} />
    </Stack>
  );
}

export default function CheckInApp() {
  const device = useStoredDevice();
  const { install } = usePwa();
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onExpired = useCallback(() => {
    void forgetStudent(true);
    setNotice(
      "Your personal token is no longer valid. Sign in with your current token: check-ins waiting on this phone are kept and sent then.",
    );
  }, []);

  // move focus to the page heading when signing in or out, so screen readers follow
  const signedIn = device !== null;
  // Move focus to the new screen's heading when signing in or out (screen readers announce it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: signedIn is the trigger, not a read
  useEffect(() => {
    headingRef.current?.focus();
  }, [signedIn]);

  const name = device ? device.student.preferred_name || device.student.first_name : "";
  return (
    <Box bg="gray.0" mih="100dvh">
      <Box component="header" bg="blue.8" c="white" py="sm">
        <Container size={560} px="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={1} size="h3" ref={headingRef} tabIndex={-1}>
              Rollbook Check-in
            </Title>
            {device && (
              <Button
                variant="white"
                size="compact-md"
                loading={leaving}
                onClick={() => {
                  setNotice(null);
                  setLeaving(true);
                  void signOut(device.token).then((left) => {
                    setLeaving(false);
                    setNotice(left);
                  });
                }}
              >
                Sign out
              </Button>
            )}
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size={560} px="md" py="md">
        <Stack gap="md">
          {notice && !device && (
            <Text role="alert" fw={600} c="red.9">
              {notice}
            </Text>
          )}
          {device ? (
            <>
              <Text size="lg">
                Hello, <strong>{name}</strong>
                {device.student.last_name ? ` ${device.student.last_name}` : ""}
              </Text>
              <Home key={device.token} device={device} onExpired={onExpired} />
            </>
          ) : (
            <SignInScreen locationGranted={false} />
          )}
          {install && (
            <Button variant="subtle" onClick={() => void install()}>
              Install app
            </Button>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

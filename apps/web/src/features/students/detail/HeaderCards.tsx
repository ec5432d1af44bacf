import { Anchor, Badge, Button, Checkbox, Code, Group, Stack, Text } from "@mantine/core";
import { formatClock, phoneFreeAt } from "@rollbook/domain";
import { useState } from "react";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { formatDateTime, formatTime } from "../../../ui/detail/format.ts";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { QrCode } from "../../../ui/detail/QrCode.tsx";
import { StatusBadge } from "../../../ui/StatusBadge.tsx";
import { ReleaseDeviceDocument, ResetStudentTokenDocument, useStudentMutation } from "./queries.ts";
import type { StudentDetail } from "./types.ts";

/** The attendance page of a course or event for this student. */
export const attendancePath = (studentUuid: string, type: string, attendableUuid: string) =>
  `/Students/${studentUuid}/${type === "event" ? "Events" : "Courses"}/${attendableUuid}/Attendance`;

const yesNo = (v: boolean) => (v ? "Allowed" : "Not allowed");

/** "Where is the student now": the session in progress with its live status, or none. */
export function NowCard({ student, timeZone }: { student: StudentDetail; timeZone: string }) {
  const now = student.now;
  return (
    <DetailSection title="Where the student is now">
      {!now ? (
        <Text>Not in a session.</Text>
      ) : (
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={attendancePath(student.uuid, now.attendable_type, now.attendable_uuid)}>
              {now.title}
            </Anchor>
            <StatusBadge status={now.status} />
          </Group>
          <KeyValueList
            label="The session in progress"
            items={[
              { label: "Session", value: `${formatClock(now.start_time)} – ${formatClock(now.end_time)}` },
              { label: "Entered", value: now.enter ? formatTime(now.enter, timeZone) : "Not yet" },
              { label: "Last ping", value: now.last_ping_at ? formatDateTime(now.last_ping_at, timeZone) : "None" },
              {
                label: "Place",
                value:
                  now.inside === null
                    ? (now.location_name ?? "Unknown")
                    : `${now.inside ? "Inside" : "Outside"} ${now.location_name ?? "the location"}`,
              },
            ]}
          />
        </Stack>
      )}
    </DetailSection>
  );
}

/** Release one phone of the student (reset_token), named by its id so the other phone stays (decision 0511). */
function ReleaseButton({
  student,
  deviceId,
  label,
  message,
}: {
  student: StudentDetail;
  deviceId: number;
  label: string;
  message: string;
}) {
  const release = useStudentMutation(student.uuid, () =>
    execute(ReleaseDeviceDocument, { student_id: student.id, device_id: deviceId }),
  );
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={release.isPending}
      onClick={() =>
        void confirmThen(
          { title: label, message, danger: true },
          () => release.mutateAsync(undefined),
          "The device was released.",
        )
      }
    >
      {label}
    </Button>
  );
}

/** The student's phone: what it is, what it may do, when it was last heard; release with reset_token. */
export function DeviceCard({
  student,
  timeZone,
  canRelease,
}: {
  student: StudentDetail;
  timeZone: string;
  canRelease: boolean;
}) {
  const device = student.device;
  // a phone the student signed out of holds off other students for a while; staff may free it now
  const waiting = student.signed_out_device;
  const releaseWaiting = (label: string) =>
    waiting && canRelease ? (
      <ReleaseButton
        student={student}
        deviceId={waiting.id}
        label={label}
        message={`Forget the phone ${student.first_name} signed out of? Another student can then sign in on it at once.`}
      />
    ) : undefined;
  const waitNote = waiting?.signed_out_at && (
    <Text size="sm">
      Signed out of {waiting.model_name ?? "a phone"} at {formatDateTime(waiting.signed_out_at, timeZone)}; that phone
      signs in no other student until {formatDateTime(phoneFreeAt(waiting.signed_out_at).toISOString(), timeZone)}.
    </Text>
  );
  return (
    <DetailSection
      title="Device"
      actions={
        device && canRelease ? (
          <ReleaseButton
            student={student}
            deviceId={device.id}
            label="Release device"
            message={`Forget ${student.first_name}'s phone? The next phone that registers becomes the active one.`}
          />
        ) : (
          releaseWaiting("Release device")
        )
      }
    >
      {!device ? (
        <Stack gap={4}>
          <Text>No device registered.</Text>
          {waitNote}
          <Text size="sm" c="dimmed">
            Last seen: {student.last_seen ? formatDateTime(student.last_seen, timeZone) : "never"}
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          <KeyValueList
            label="The student's device"
            items={[
              { label: "Model", value: device.model_name },
              { label: "Type", value: [device.type, device.os_version].filter(Boolean).join(" ") },
              { label: "App version", value: device.app_version },
              { label: "Location", value: yesNo(device.location_permission) },
              { label: "Bluetooth", value: yesNo(device.bluetooth_permission) },
              { label: "Registered", value: formatDateTime(device.created_at, timeZone) },
              { label: "Last seen", value: student.last_seen ? formatDateTime(student.last_seen, timeZone) : "Never" },
            ]}
          />
          {/* after a token reset: the new phone is active and the old one waits; each goes on its own */}
          {waitNote && (
            <Group gap="sm" wrap="wrap">
              {waitNote}
              {releaseWaiting("Release signed-out phone")}
            </Group>
          )}
        </Stack>
      )}
    </DetailSection>
  );
}

/** The secret in groups of four, as it is typed into an authenticator app. */
export const groupSecret = (secret: string) => secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");

/** The sign-in token and the offline code's set-up (reset_token only). */
export function TokenCard({ student }: { student: StudentDetail }) {
  const [showSetup, setShowSetup] = useState(false);
  const reset = useStudentMutation(student.uuid, (sendEmail: boolean) =>
    execute(ResetStudentTokenDocument, { id: student.id, send_email: sendEmail }),
  );
  const onReset = () => {
    let sendEmail = false;
    void confirmThen(
      {
        title: "Reset token",
        message: (
          <Stack gap="sm">
            <Text size="sm">
              Give {student.first_name} a new token? The old one stops working, and the phone must sign in again.
            </Text>
            <Checkbox
              label="E-mail the new token to the student"
              disabled={!student.email}
              description={student.email ? student.email : "The student has no e-mail address."}
              onChange={(e) => {
                sendEmail = e.currentTarget.checked;
              }}
            />
          </Stack>
        ),
        danger: true,
      },
      () => reset.mutateAsync(sendEmail),
      "The token was reset.",
    );
  };
  const setupId = `offline-setup-${student.id}`;
  return (
    <DetailSection
      title="Token and offline code"
      actions={
        // a removed participant gets no new token (the server refuses it): restore them first
        !student.deleted_at ? (
          <Button size="xs" variant="light" onClick={onReset} loading={reset.isPending}>
            Reset token
          </Button>
        ) : undefined
      }
    >
      <Stack gap="sm">
        <KeyValueList items={[{ label: "Token", value: student.token ? <Code>{student.token}</Code> : "None" }]} />
        {student.offline_code_uri && student.offline_code ? (
          <>
            <Button
              variant="default"
              size="compact-sm"
              aria-expanded={showSetup}
              aria-controls={setupId}
              onClick={() => setShowSetup((v) => !v)}
              style={{ alignSelf: "flex-start" }}
            >
              {showSetup ? "Hide the offline code set-up" : "Show the offline code set-up"}
            </Button>
            <div id={setupId} hidden={!showSetup}>
              {showSetup && (
                <Stack gap="sm">
                  <QrCode value={student.offline_code_uri} label="QR code of the offline code set-up" size={160} />
                  <Stack gap={4}>
                    <Text size="sm">Scan it with the student's authenticator, or type this secret:</Text>
                    <Code block fz="md" style={{ overflowWrap: "anywhere", whiteSpace: "normal" }}>
                      {groupSecret(student.offline_code)}
                    </Code>
                    <Text size="xs" c="dimmed">
                      Six digits, a new code every 30 seconds.
                    </Text>
                  </Stack>
                </Stack>
              )}
            </div>
          </>
        ) : (
          <Badge variant="light" color="gray" c="gray.9" tt="none">
            No offline code
          </Badge>
        )}
      </Stack>
    </DetailSection>
  );
}

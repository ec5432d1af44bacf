import { Alert, Anchor, Button, Stack, Table, Text } from "@mantine/core";
import { useId, useState } from "react";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { CaptionedTable } from "../../../ui/CaptionedTable.tsx";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { formatDateTime } from "../../../ui/detail/format.ts";
import { notify } from "../../../ui/notify.tsx";
import { personName } from "../../../ui/person-name.ts";
import { Spinner } from "../../../ui/Spinner.tsx";
import type { EventPermissions } from "../../teams/permissions.ts";
import { type EventDetail, UpgradeStudentDocument, useEventWaitlist, useRefreshEvent } from "../queries.ts";
import { hasFreeSeat, partlyListedText, seatsLine } from "./seats.ts";

/**
 * The waitlist in the order seats are given, with each student's position; "Move up"
 * (upgradeStudent, assign_appointment) gives a seat when the capacity allows: while the event is
 * full the buttons are disabled and point at the line saying why; any other refusal is shown.
 */
export function WaitlistTab({ event, timeZone, can }: { event: EventDetail; timeZone: string; can: EventPermissions }) {
  const waitlist = useEventWaitlist(event.uuid);
  const refresh = useRefreshEvent(event.uuid);
  const [busy, setBusy] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const editable = can.assign && !event.deleted_at;
  const free = hasFreeSeat(event);
  const waiting = (waitlist.data?.length ?? event.waitlist_count) > 0;
  const seatsId = useId();
  const me = useMe();
  const partly = waitlist.data
    ? partlyListedText(waitlist.data.length, event.waitlist_count, "on the waitlist", me.role.id)
    : null;

  const moveUp = async (id: number, name: string) => {
    setBusy(id);
    setRefusal(null);
    try {
      await execute(UpgradeStudentDocument, { event_id: event.id, student_id: id });
      notify.success(`${name} has a seat on ${event.title}.`);
      await refresh();
    } catch (err) {
      setRefusal(`${name} was not moved up: ${err instanceof Error ? err.message : "refused"}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <DetailSection title="Waitlist" order={2}>
      <Stack gap="sm">
        <Text size="sm" id={seatsId}>
          {seatsLine(event)}.
          {/* how to move someone up, only while someone waits: with nobody in line it pointed at no one */}
          {waiting &&
            (free ? " A seat is free: the first in line can move up." : " Raise the capacity to move someone up.")}
        </Text>
        {refusal && (
          <Alert
            color="red"
            role="alert"
            title="Not moved up"
            withCloseButton
            onClose={() => setRefusal(null)}
            closeButtonLabel="Dismiss"
          >
            {refusal}
          </Alert>
        )}
        {waitlist.isPending ? (
          <Spinner label="Loading the waitlist" />
        ) : waitlist.isError ? (
          <Alert color="red" role="alert" title="The waitlist could not be loaded">
            {waitlist.error.message}
          </Alert>
        ) : waitlist.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {partly ?? "Nobody is waiting."}
          </Text>
        ) : (
          <>
            {partly && <Text size="sm">{partly}</Text>}
            <CaptionedTable caption={`Waitlist of ${event.title}, in the order seats are given`} minWidth={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={80} ta="right">
                    Position
                  </Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Joined</Table.Th>
                  {editable && <Table.Th scope="col">Action</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {waitlist.data.map((w) => (
                  <Table.Tr key={w.student.id}>
                    <Table.Td ta="right">{w.position}</Table.Td>
                    <Table.Th scope="row" fw={400}>
                      <Anchor component={Link} to={`/Students/${w.student.uuid}`} size="sm">
                        {personName(w.student)}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{formatDateTime(w.created_at, timeZone)}</Table.Td>
                    {editable && (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={busy === w.student.id}
                          // the server would refuse a full event: the seats line says why not
                          disabled={!free}
                          aria-describedby={free ? undefined : seatsId}
                          aria-label={`Move up ${personName(w.student)}`}
                          onClick={() => void moveUp(w.student.id, personName(w.student))}
                        >
                          Move up
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </CaptionedTable>
          </>
        )}
      </Stack>
    </DetailSection>
  );
}

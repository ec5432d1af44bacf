import { Alert, Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { formatCount, STATUS, STATUSES } from "@rollbook/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import { type FormEvent, memo, useCallback, useDeferredValue, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { execute } from "../../lib/graphql.ts";
import { confirmThen } from "../detail/confirm-then.ts";
import { DetailSection } from "../detail/DetailSection.tsx";
import { formatTime } from "../detail/format.ts";
import { FormModal } from "../form/FormModal.tsx";
import { useRecordForm } from "../form/use-record-form.ts";
import { notify } from "../notify.tsx";
import { OuterCaption } from "../OuterCaption.tsx";
import { personName } from "../person-name.ts";
import { StatusPill } from "../StatusPill.tsx";
import { statusColour, statusLabel } from "../status.ts";
import {
  EMPTY_OFFLINE_CODE_FORM,
  OFFLINE_CODE_ALIASES,
  OFFLINE_CODE_FIELD_ORDER,
  OFFLINE_CODE_LABELS,
  type OfflineCodeFormValues,
  offlineCodeFormErrors,
} from "./offline-code-form.ts";
import { clockTime, confidenceText, filterRoster, offlineCode, rosterSummary } from "./roster.ts";
import { type Roster, RosterOfflineCodeDocument, RosterOverrideDocument, type RosterRow } from "./roster-calls.ts";

/** The statuses staff may set (not pending). */
const OVERRIDE_CHOICES = STATUSES.filter((s) => s.id !== STATUS.pending);

/**
 * One student's line. Memoised on the row object: a refetch keeps the objects of unchanged rows
 * (TanStack Query's structural sharing), so a burst of updates re-renders only the rows that
 * changed, and a focused button in another row keeps its focus.
 */
const RosterLineView = memo(function RosterLineView({
  row,
  timeZone,
  onOverride,
}: {
  row: RosterRow;
  timeZone: string;
  onOverride: ((row: RosterRow) => void) | null;
}) {
  const name = personName(row.student);
  return (
    <Table.Tr data-student-id={row.student.id}>
      <Table.Th scope="row" fw={400}>
        <Anchor component={Link} to={`/Students/${row.student.uuid}`} size="sm">
          {name}
        </Anchor>
      </Table.Th>
      <Table.Td>{row.status === null ? "Not yet" : <StatusPill status={row.status} />}</Table.Td>
      <Table.Td>{row.enter ? <time dateTime={row.enter}>{clockTime(row.enter, timeZone)}</time> : "—"}</Table.Td>
      <Table.Td ta="right">{confidenceText(row.confidence)}</Table.Td>
      {onOverride && (
        <Table.Td>
          {row.attendance_id !== null ? (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onOverride(row)}
              aria-label={`Change status of ${name}`}
            >
              Change
            </Button>
          ) : (
            <Text size="xs" c="dimmed" title="No attendance to change yet">
              —
            </Text>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
});

/** What the roster is of: the attendable its offline codes are for, and its words. */
export interface RosterOf {
  id: number;
  type: "course" | "event";
  /** "enrolled" (course) or "attending" (event) */
  noun: string;
  /** shown between sessions */
  idle: string;
}

/**
 * While a session of a course or an event is in progress: every student on it with status,
 * enter time and confidence, refreshed by push (attendance.update, coalesced to one refetch a
 * second by lib/push-invalidate.ts) without a reload; the override per row (override permission,
 * confirm), and the offline-code entry for staff.
 */
export function LiveRoster({
  of,
  roster,
  timeZone,
  canOverride,
  onChanged,
}: {
  of: RosterOf;
  roster: UseQueryResult<Roster | null>;
  timeZone: string;
  canOverride: boolean;
  /** after an override or a check-in: refetch the roster (a push follows too, coalesced) */
  onChanged: () => void;
}) {
  const [filter, setFilter] = useState("");
  const [typed] = useDebouncedValue(filter, 150);
  const [overriding, setOverriding] = useState<RosterRow | null>(null);
  const rows = roster.data?.rows;
  // the table renders the rows at transition priority: when a refetch changes all 500 at once,
  // React renders them in slices and lets the browser in between (no long task), while the
  // counts above and the focus stay current
  const lagging = useDeferredValue(rows);
  const shown = useMemo(() => filterRoster(lagging ?? [], typed), [lagging, typed]);
  const summary = useMemo(() => rosterSummary(rows ?? []), [rows]);
  const onOverride = useCallback((row: RosterRow) => setOverriding(row), []);
  const captionId = useId();

  if (roster.isPending) return null;
  if (roster.isError)
    return (
      <Alert color="red" role="alert" title="The live roster could not be loaded">
        {roster.error.message}
      </Alert>
    );
  if (!roster.data) {
    return (
      <DetailSection title="Live roster" order={2}>
        <Text size="sm" c="dimmed">
          {of.idle}
        </Text>
      </DetailSection>
    );
  }

  const data = roster.data;
  return (
    <DetailSection
      title="Live roster"
      order={2}
      actions={
        <Text size="sm" c="dimmed">
          {formatTime(data.start, timeZone)} – {formatTime(data.end, timeZone)}
        </Text>
      }
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap" aria-label="Roster by status" role="group">
          {summary.map((s) => (
            <Badge
              key={s.status ?? "none"}
              variant="light"
              color={s.status === null ? "gray" : statusColour(s.status)}
              c="gray.9"
              tt="none"
              data-testid="roster-count"
            >
              {formatCount(s.count)} {s.label.toLowerCase()}
            </Badge>
          ))}
        </Group>
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            label="Find a student"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            w={{ base: "100%", xs: 240 }}
          />
          <OfflineCodeForm of={of} rows={data.rows} onDone={onChanged} />
        </Group>
        {/* outside the sideways scroll, so a phone wraps it rather than cutting it off */}
        <OuterCaption id={captionId}>
          {`${data.rows.length === 1 ? "1 student" : `${formatCount(data.rows.length)} students`} ${of.noun}; updated live`}
        </OuterCaption>
        {/* focusable and named: keyboard users scroll it (a phone scrolls it sideways) */}
        <Table.ScrollContainer
          minWidth={520}
          maxHeight="70vh"
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Roster table"
        >
          {/* fixed layout: a changed cell does not make the browser measure all 500 rows again */}
          <Table striped stickyHeader layout="fixed" aria-labelledby={captionId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="34%">
                  Student
                </Table.Th>
                <Table.Th scope="col" w="20%">
                  Status
                </Table.Th>
                <Table.Th scope="col" w="16%">
                  Entered
                </Table.Th>
                <Table.Th scope="col" ta="right" w="14%">
                  Confidence
                </Table.Th>
                {canOverride && (
                  <Table.Th scope="col" w="16%">
                    Override
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <RosterLineView
                  key={row.student.id}
                  row={row}
                  timeZone={timeZone}
                  onOverride={canOverride ? onOverride : null}
                />
              ))}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={canOverride ? 5 : 4}>
                    <Text size="sm" c="dimmed" ta="center">
                      {data.rows.length === 0 ? `No students ${of.noun}.` : "No matching data"}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <OverrideModal row={overriding} onClose={() => setOverriding(null)} onDone={onChanged} />
    </DetailSection>
  );
}

/** Picks the new status, then asks to confirm (the override is kept and locks the attendance). */
function OverrideModal({ row, onClose, onDone }: { row: RosterRow | null; onClose: () => void; onDone: () => void }) {
  const [choice, setChoice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setChoice("");
    setError(null);
    onClose();
  };
  const name = row ? personName(row.student) : "";
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!row || row.attendance_id === null) return;
    if (choice === "") return setError("New status is required");
    const next = Number(choice);
    const id = row.attendance_id;
    const from = statusLabel(row.status).toLowerCase();
    close();
    const done = await confirmThen(
      {
        title: "Change status",
        message: `Change the status of ${name} from ${from} to ${statusLabel(next).toLowerCase()}? The override is kept, and the attendance is locked against the engine.`,
      },
      () => execute(RosterOverrideDocument, { id, status: next }),
      `${name} is now ${statusLabel(next).toLowerCase()}.`,
    );
    if (done) onDone();
  };
  return (
    <FormModal
      opened={row !== null}
      onClose={close}
      title={`Change status of ${name}`}
      unsaved={choice !== "" ? "the new status" : null}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">Now: {row ? statusLabel(row.status) : ""}</Text>
          <NativeSelect
            label="New status"
            value={choice}
            error={error}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
              setError(null);
            }}
            data={[
              { value: "", label: "Pick a status" },
              ...OVERRIDE_CHOICES.filter((s) => s.id !== row?.status).map((s) => ({
                value: String(s.id),
                label: statusLabel(s.id),
              })),
            ]}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Change status</Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

/** Staff type in the code a student's phone shows offline: the student is checked in now. */
function OfflineCodeForm({ of, rows, onDone }: { of: RosterOf; rows: readonly RosterRow[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Enter offline code
      </Button>
      <FormModal opened={open} onClose={close} title="Enter an offline code">
        {/* the modal unmounts its content when closed: each opening starts empty and unchecked */}
        <OfflineCodeFields of={of} rows={rows} onClose={close} onDone={onDone} />
      </FormModal>
    </>
  );
}

function OfflineCodeFields({
  of,
  rows,
  onClose,
  onDone,
}: {
  of: RosterOf;
  rows: readonly RosterRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { form, formError, busy, submit } = useRecordForm({
    name: "offline-code",
    initialValues: EMPTY_OFFLINE_CODE_FORM,
    unsaved: "the offline code",
    validate: offlineCodeFormErrors,
    order: OFFLINE_CODE_FIELD_ORDER,
    labels: OFFLINE_CODE_LABELS,
    aliases: OFFLINE_CODE_ALIASES,
  });
  const save = async (v: OfflineCodeFormValues) => {
    const code = offlineCode(v.code);
    if (code === null) return;
    await execute(RosterOfflineCodeDocument, {
      student_id: Number(v.student),
      attendable_id: of.id,
      attendable_type: of.type,
      code,
    });
    const who = rows.find((r) => String(r.student.id) === v.student);
    notify.success(`${who ? personName(who.student) : "The student"} is checked in.`);
    onClose();
    onDone();
  };
  return (
    <form onSubmit={submit(save)} noValidate>
      <Stack gap="sm">
        <NativeSelect
          {...form.getInputProps("student")}
          label={OFFLINE_CODE_LABELS.student}
          data={[
            { value: "", label: "Pick a student" },
            ...rows.map((r) => ({ value: String(r.student.id), label: personName(r.student) })),
          ]}
        />
        <TextInput
          {...form.getInputProps("code")}
          // any other refusal (too many guesses, not found) is about the code too
          error={form.errors.code ?? formError}
          label={OFFLINE_CODE_LABELS.code}
          description="The 6 digits the student's phone shows"
          inputMode="numeric"
          autoComplete="off"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Check in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

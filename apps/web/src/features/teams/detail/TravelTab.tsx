import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, Textarea } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useState } from "react";
import { execute } from "../../../lib/graphql.ts";
import { ActionsHeader } from "../../../ui/ActionsHeader.tsx";
import { CaptionedTable } from "../../../ui/CaptionedTable.tsx";
import { DateField } from "../../../ui/dates/DatePicker.tsx";
import { confirmThen } from "../../../ui/detail/confirm-then.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { formatDateTime, zoneLabel } from "../../../ui/detail/format.ts";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { useRecordForm } from "../../../ui/form/use-record-form.ts";
import { notify } from "../../../ui/notify.tsx";
import { personName } from "../../../ui/person-name.ts";
import { Spinner } from "../../../ui/Spinner.tsx";
import { studentsWord } from "../../links/pick-students.ts";
import {
  CreateTravelDocument,
  RemoveTravelDocument,
  type TeamDetail,
  type TravelRow,
  UpdateTravelDocument,
  useRefreshTeam,
  useTeamMembers,
  useTeamTravel,
} from "../queries.ts";
import { usePhone } from "../use-phone.ts";
import {
  newTravelForm,
  TRAVEL_ALIASES,
  TRAVEL_FIELD_ORDER,
  TRAVEL_LABELS,
  type TravelFormValues,
  travelFormErrors,
  travelFormFrom,
  travelVariables,
  withStartDay,
} from "./travel-form.ts";

/**
 * The team's travel (roles 1-5, 7): newest first, with "New travel" (6:00 to 20:00 of the chosen
 * day by default, the whole team travelling), edit, and remove behind a confirm. An away travel
 * makes the travelling students' sessions read `travel`.
 */
export function TravelTab({ team, timeZone }: { team: TeamDetail; timeZone: string }) {
  const travel = useTeamTravel(team.uuid, team.id);
  const refresh = useRefreshTeam(team.uuid);
  const [editing, setEditing] = useState<TravelRow | "new" | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const readOnly = team.deleted_at !== null;
  const when = (t: TravelRow) => `${formatDateTime(t.start_date, timeZone)} – ${formatDateTime(t.end_date, timeZone)}`;

  const remove = async (t: TravelRow) => {
    setBusy(t.id);
    try {
      const done = await confirmThen(
        {
          title: "Remove travel",
          message: `Remove the travel of ${when(t)}? The sessions it covered are judged again.`,
          danger: true,
        },
        () => execute(RemoveTravelDocument, { id: t.id }),
        "The travel was removed.",
      );
      if (done) await refresh();
    } finally {
      setBusy(null);
    }
  };

  return (
    <DetailSection
      title="Travel"
      order={2}
      actions={readOnly ? undefined : <Button onClick={() => setEditing("new")}>New travel</Button>}
    >
      {travel.isPending ? (
        <Spinner label="Loading the travel" />
      ) : travel.isError ? (
        <Alert color="red" role="alert" title="The travel could not be loaded">
          {travel.error.message}
        </Alert>
      ) : travel.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No travel yet.
        </Text>
      ) : (
        <CaptionedTable caption={`Travel of ${team.name}, newest first`} minWidth={640} data-testid="travel-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Away</Table.Th>
              <Table.Th scope="col" ta="right">
                Students
              </Table.Th>
              <Table.Th scope="col">Notes</Table.Th>
              {!readOnly && <ActionsHeader />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {travel.data.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Th scope="row" fw={400}>
                  {when(t)}
                </Table.Th>
                <Table.Td>{t.is_away ? "Away" : "Not away"}</Table.Td>
                <Table.Td ta="right" title={t.students.map(personName).join(", ")}>
                  {t.students_count}
                </Table.Td>
                <Table.Td>{t.notes ?? "—"}</Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Edit the travel of ${when(t)}`}
                        onClick={() => setEditing(t)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        loading={busy === t.id}
                        aria-label={`Remove the travel of ${when(t)}`}
                        onClick={() => void remove(t)}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CaptionedTable>
      )}
      {editing !== null && (
        <TravelModal
          team={team}
          timeZone={timeZone}
          travel={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </DetailSection>
  );
}

function TravelModal({
  team,
  timeZone,
  travel,
  onClose,
  onSaved,
}: {
  team: TeamDetail;
  timeZone: string;
  travel: TravelRow | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const members = useTeamMembers(team.uuid, true);
  const phone = usePhone();
  return (
    <FormModal opened onClose={onClose} title={travel ? "Edit travel" : "New travel"} size="lg" fullScreen={phone}>
      {members.isPending ? (
        <Spinner label="Loading the team's students" />
      ) : (
        <TravelForm
          timeZone={timeZone}
          initial={
            travel
              ? travelFormFrom(travel, timeZone)
              : newTravelForm(
                  timeZone,
                  new Date(),
                  (members.data?.data ?? []).map((s) => s.id),
                )
          }
          members={members.data?.data ?? []}
          listed={travel?.students ?? []}
          submitLabel={travel ? "Save" : "Create travel"}
          onCancel={onClose}
          onSubmit={async (values) => {
            const vars = travelVariables(values, timeZone);
            if (travel) await execute(UpdateTravelDocument, { id: travel.id, ...vars });
            else await execute(CreateTravelDocument, { team_id: team.id, ...vars });
            notify.success(
              travel ? "The travel was saved." : `Travel created for ${studentsWord(vars.student_ids.length)}.`,
            );
            await onSaved();
          }}
        />
      )}
    </FormModal>
  );
}

type Person = { id: number; first_name: string; last_name: string; preferred_name: string | null };

/**
 * The travel's fields and its students: the team's, "Whole team" ticking them all, and those the
 * travel lists (`listed`) who are no longer on the team, shown ticked as such, to keep or untick
 * (decision 0705: the server keeps them listed on a save, only those added must be on the team).
 */
export function TravelForm({
  timeZone,
  initial,
  members,
  listed = [],
  submitLabel,
  onCancel,
  onSubmit,
}: {
  timeZone: string;
  initial: TravelFormValues;
  members: readonly Person[];
  listed?: readonly Person[];
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (v: TravelFormValues) => Promise<void>;
}) {
  const { form, formError, busy, submit } = useRecordForm({
    name: "travel",
    initialValues: initial,
    unsaved: "the travel",
    validate: (v: TravelFormValues) => travelFormErrors(v, timeZone),
    order: TRAVEL_FIELD_ORDER,
    labels: TRAVEL_LABELS,
    aliases: TRAVEL_ALIASES,
  });
  const values = form.values;
  // field by field, not setValues: setValues clears the errors the checks have just set
  const setStartDay = (day: string | null) => {
    const next = withStartDay(form.getValues(), day);
    form.setFieldValue("start_day", next.start_day);
    form.setFieldValue("end_day", next.end_day);
  };
  const picked = new Set(values.student_ids);
  const allPicked = members.length > 0 && members.every((m) => picked.has(m.id));
  const memberIds = new Set(members.map((m) => m.id));
  const boxes = [
    ...members.map((m) => ({ id: m.id, label: personName(m) })),
    ...listed
      .filter((s) => !memberIds.has(s.id))
      .map((s) => ({ id: s.id, label: `${personName(s)} (no longer on the team)` })),
  ];
  // "Whole team" ticks or unticks the team's students; those no longer on it stay as they are
  const others = values.student_ids.filter((id) => !memberIds.has(id));
  return (
    <form onSubmit={submit(onSubmit)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Times are in the school's time zone, {zoneLabel(timeZone)}.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <div data-field="start_date">
            <DateField
              {...form.getInputProps("start_day")}
              label="Start day"
              value={values.start_day}
              onChange={setStartDay}
            />
          </div>
          <div data-field="start_time">
            <TimeInput {...form.getInputProps("start_time")} label="Start time" />
          </div>
          <div data-field="end_date">
            <DateField {...form.getInputProps("end_day")} label="End day" value={values.end_day} />
          </div>
          <div data-field="end_time">
            <TimeInput {...form.getInputProps("end_time")} label="End time" />
          </div>
        </SimpleGrid>
        <div data-field="notes">
          <Textarea {...form.getInputProps("notes")} label="Notes" autosize minRows={2} />
        </div>
        <div data-field="is_away">
          <Checkbox
            {...form.getInputProps("is_away", { type: "checkbox" })}
            label="Away (the travelling students' sessions read travel)"
          />
        </div>
        <Stack component="fieldset" gap={6} m={0} p={0} style={{ border: 0 }} data-field="student_ids">
          <Text component="legend" fw={500} size="sm" mb={4}>
            Travelling students ({values.student_ids.length} of {boxes.length})
          </Text>
          {members.length === 0 ? (
            <Text size="sm" c="dimmed">
              The team has no students yet.
            </Text>
          ) : (
            <Checkbox
              // the students' data-path: their error focuses this box (the message shows below)
              {...form.getInputProps("student_ids", { type: "checkbox", withError: false })}
              label="Whole team"
              checked={allPicked}
              indeterminate={!allPicked && picked.size > 0}
              onChange={() =>
                form.setFieldValue("student_ids", allPicked ? others : [...members.map((m) => m.id), ...others])
              }
            />
          )}
          {boxes.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} pl="md" mah={240} style={{ overflowY: "auto" }}>
              {boxes.map((m) => (
                <Checkbox
                  key={m.id}
                  label={m.label}
                  checked={picked.has(m.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    form.setFieldValue("student_ids", (ids) => (on ? [...ids, m.id] : ids.filter((id) => id !== m.id)));
                  }}
                />
              ))}
            </SimpleGrid>
          )}
          {form.errors.student_ids && (
            <Text size="sm" c="red.9" role="alert">
              {form.errors.student_ids}
            </Text>
          )}
        </Stack>
        {formError && (
          <Alert color="red" role="alert" title="Not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

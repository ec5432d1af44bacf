import { Button, Stack, Text } from "@mantine/core";
import { formatPhone } from "@rollbook/domain";
import { useEffect, useRef, useState } from "react";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { DetailSection } from "../../../ui/detail/DetailSection.tsx";
import { KeyValueList } from "../../../ui/detail/KeyValueList.tsx";
import { EditStudentForm } from "./EditStudentForm.tsx";
import { ExcusesSection } from "./ExcusesSection.tsx";
import { NotesSection } from "./NotesSection.tsx";
import type { StudentDetail } from "./types.ts";

const veteran = (v: boolean | null) => (v === null ? null : v ? "Yes" : "No");

export interface Permissions {
  view_information: boolean;
  create_participant: boolean;
  override: boolean;
}

/** Demographics (view_information), the edit form (create_participant), notes and excuses. */
export function InformationTab({
  student,
  timeZone,
  can,
}: {
  student: StudentDetail;
  timeZone: string;
  can: Permissions;
}) {
  const [editing, setEditing] = useState(false);
  // a removed participant is read-only until restored: the server refuses its edits and notes
  const removed = Boolean(student.deleted_at);
  // the form takes the button's place: once it is done (saved or cancelled) focus goes back to
  // the button, not to <body> with the form that had it
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  return (
    <Stack gap="md">
      <DetailSection
        title="Information"
        order={3}
        actions={
          can.create_participant && !editing && !removed ? (
            <Button ref={editButton} size="xs" variant="light" onClick={() => setEditing(true)}>
              Edit participant
            </Button>
          ) : undefined
        }
      >
        {editing ? (
          <EditStudentForm
            student={student}
            timeZone={timeZone}
            withInfo={can.view_information}
            onDone={() => {
              refocus.current = true;
              setEditing(false);
            }}
          />
        ) : (
          <Stack gap="sm">
            {removed && can.create_participant && <Text>Restore the participant to edit their information.</Text>}
            <KeyValueList
              columns={2}
              label="Contact"
              items={[
                { label: "First name", value: student.first_name },
                { label: "Last name", value: student.last_name },
                { label: "Preferred name", value: student.preferred_name },
                { label: "E-mail", value: student.email },
                { label: "Phone", value: formatPhone(student.phone) },
                { label: "School identifier", value: student.school_identifier },
              ]}
            />
            {can.view_information ? (
              <KeyValueList
                columns={2}
                label="Demographics"
                items={[
                  { label: "Age", value: student.age },
                  { label: "Date of birth", value: formatDate(student.date_of_birth) },
                  { label: "PID number", value: student.pid_number },
                  { label: "ZIP code", value: student.zip },
                  { label: "Veteran", value: veteran(student.is_veteran) },
                  { label: "Housing", value: student.housing },
                  { label: "Employment", value: student.employment },
                  { label: "Gender", value: student.gender },
                  { label: "Sex", value: student.sex },
                  { label: "Sexual identity", value: student.sexual_identity },
                  { label: "Race", value: student.race },
                ]}
              />
            ) : (
              <Text>You may not see this participant's information.</Text>
            )}
          </Stack>
        )}
      </DetailSection>
      <NotesSection uuid={student.uuid} timeZone={timeZone} readOnly={removed} />
      <ExcusesSection student={student} canChange={can.override} />
    </Stack>
  );
}

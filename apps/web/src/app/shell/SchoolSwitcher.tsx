import { NativeSelect } from "@mantine/core";
import { useState } from "react";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { useParams } from "../../lib/params.ts";
import { notify } from "../../ui/notify.tsx";

const SwitchSchoolDocument = graphql(`
  mutation switchSchool($school_id: Int!) {
    switchSchool(school_id: $school_id) {
      id
      name
    }
  }
`);

/** Role 1 only: moves the user to another school, then reloads the app at the dashboard. */
export function SchoolSwitcher({ schoolId }: { schoolId: number }) {
  const params = useParams();
  const [busy, setBusy] = useState(false);
  const schools = params.data?.schools.data ?? [];
  const onChange = async (value: string) => {
    const id = Number(value);
    if (!id || id === schoolId) return;
    setBusy(true);
    try {
      await execute(SwitchSchoolDocument, { school_id: id });
      window.location.assign("/Dashboard");
    } catch (err) {
      setBusy(false);
      notify.error(err instanceof Error ? err.message : "The school could not be switched.");
    }
  };
  return (
    <NativeSelect
      aria-label="School"
      size="sm"
      w={{ base: 130, xs: 200, sm: 240 }}
      disabled={busy || schools.length === 0}
      value={String(schoolId)}
      onChange={(e) => void onChange(e.currentTarget.value)}
      data={
        schools.length > 0
          ? schools.map((s) => ({ value: String(s.id), label: s.name }))
          : [{ value: String(schoolId), label: "Loading schools…" }]
      }
    />
  );
}

import { Anchor, Button, Group, List, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { INPUT_DEBOUNCE_MS } from "@rollbook/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { UrlTabs } from "../../../ui/detail/UrlTabs.tsx";
import { notify } from "../../../ui/notify.tsx";
import { fullName } from "../format.ts";
import { AttachUserDocument, DetachUserDocument, PickAssignablesDocument, type UserDetail } from "../queries.ts";

type Kind = "course" | "event" | "student" | "team";
interface Item {
  id: number;
  label: string;
  href: string | null;
}

const WORD: Record<Kind, string> = { course: "course", event: "event", student: "student", team: "team" };

/** What the user is assigned to, per kind, as links. */
function assigned(user: UserDetail, kind: Kind): Item[] {
  switch (kind) {
    case "course":
      return user.assignedCourses.map((c) => ({
        id: c.id,
        label: c.title ?? "—",
        href: c.uuid ? `/Courses/${c.uuid}` : null,
      }));
    case "event":
      return user.assignedEvents.map((c) => ({
        id: c.id,
        label: c.title ?? "—",
        href: c.uuid ? `/Events/${c.uuid}` : null,
      }));
    case "team":
      return user.assignedTeams.map((c) => ({
        id: c.id,
        label: c.name ?? "—",
        href: c.uuid ? `/Teams/${c.uuid}` : null,
      }));
    case "student":
      return user.assignedStudents.map((s) => ({ id: s.id, label: fullName(s), href: `/Students/${s.uuid}` }));
  }
}

/** Candidates for one kind, searched on the server as the user types. */
function useCandidates(kind: Kind, search: string) {
  const [term] = useDebouncedValue(search.trim(), INPUT_DEBOUNCE_MS);
  return useQuery({
    queryKey: ["users", "pick", kind, term],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const r = await execute(PickAssignablesDocument, {
        query: term || null,
        courses: kind === "course",
        events: kind === "event",
        teams: kind === "team",
        students: kind === "student",
      });
      if (kind === "course") return (r.courses?.data ?? []).map((c) => ({ id: c.id, label: c.title }));
      if (kind === "event") return (r.events?.data ?? []).map((c) => ({ id: c.id, label: c.title }));
      if (kind === "team") return (r.teams?.data ?? []).map((c) => ({ id: c.id, label: c.name }));
      return (r.students?.data ?? []).map((s) => ({ id: s.id, label: fullName(s) }));
    },
  });
}

function AssignList({
  user,
  kind,
  readOnly,
  onChanged,
}: {
  user: UserDetail;
  kind: Kind;
  readOnly: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const items = assigned(user, kind);
  const word = WORD[kind];
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [busy, setBusy] = useState<number | "add" | null>(null);
  const candidates = useCandidates(kind, search);
  const have = new Set(items.map((i) => i.id));
  const options = (candidates.data ?? [])
    .filter((c) => !have.has(c.id))
    .map((c) => ({ value: String(c.id), label: c.label }));
  // the picked one stays selectable while the search for its own label runs
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);

  const change = async (id: number, attach: boolean, label: string) => {
    setBusy(attach ? "add" : id);
    try {
      const vars = { type: kind, id, user_ids: [user.id] };
      if (attach) await execute(AttachUserDocument, vars);
      else await execute(DetachUserDocument, vars);
      notify.success(attach ? `${label} was assigned.` : `${label} was unassigned.`);
      setPicked(null);
      setSearch("");
      await onChanged();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label={`Find a ${word} to assign`}
            placeholder="Type to search"
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            value={picked?.value ?? null}
            onChange={(_v, option) => setPicked(option ? { value: option.value, label: option.label } : null)}
            data={options}
            nothingFoundMessage="No matching data"
            w={{ base: "100%", xs: 320 }}
          />
          <Button
            disabled={!picked}
            loading={busy === "add"}
            onClick={() => {
              if (picked) void change(Number(picked.value), true, picked.label);
            }}
          >
            Assign {word}
          </Button>
        </Group>
      )}
      {items.length === 0 ? (
        <Text size="sm">No {word}s assigned.</Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label={`Assigned ${word}s`}>
          {items.map((i) => (
            <List.Item key={i.id}>
              <Group gap="sm" wrap="nowrap">
                {i.href ? (
                  <Anchor component={Link} to={i.href}>
                    {i.label}
                  </Anchor>
                ) : (
                  <span>{i.label}</span>
                )}
                {!readOnly && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={busy === i.id}
                    aria-label={`Unassign ${i.label}`}
                    onClick={() => void change(i.id, false, i.label)}
                  >
                    Unassign
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Access: the courses (default), events, students and teams the user is assigned to. */
export function AccessTab(props: { user: UserDetail; readOnly: boolean; onChanged: () => Promise<unknown> }) {
  const tab = (kind: Kind) => <AssignList kind={kind} {...props} />;
  return (
    <UrlTabs
      label="Access sections"
      param="access"
      defaultTab="courses"
      tabs={[
        { value: "courses", label: "Courses", panel: tab("course") },
        { value: "events", label: "Events", panel: tab("event") },
        { value: "students", label: "Students", panel: tab("student") },
        { value: "teams", label: "Teams", panel: tab("team") },
      ]}
    />
  );
}

/**
 * The options of the reports' pickers (classes, groups, events, participants, locations),
 * searched on the server from the lists the viewer may see, so they follow the viewer's scope.
 */
import { compareNames } from "@rollbook/domain";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { RequestError } from "../../lib/http.ts";
import { personName } from "../../ui/person-name.ts";
import { CourseOptionsDocument, EventOptionsDocument, TeamOptionsDocument } from "../students/list/queries.ts";

export interface Option {
  /** The id (as text) or the uuid, whichever the filter keeps. */
  value: string;
  label: string;
}

export type OptionSource = "course" | "team" | "event" | "student" | "location";

const ROWS = 50;

const StudentOptionsDocument = graphql(`
  query reportStudentOptions($query: String, $per_page: Int) {
    students(query: $query, per_page: $per_page, sort_by: "name", state: "all") {
      data {
        id
        uuid
        first_name
        last_name
        preferred_name
        email
      }
    }
  }
`);

/** One chosen class, group, event or participant by uuid: its name, for a picker whose list left it out. */
const StudentLabelDocument = graphql(`
  query reportStudentLabel($uuid: String!) {
    student(uuid: $uuid) {
      id
      first_name
      last_name
      preferred_name
      email
    }
  }
`);
const CourseLabelDocument = graphql(`
  query reportCourseLabel($uuid: String!) {
    course(uuid: $uuid) {
      id
      title
    }
  }
`);
const TeamLabelDocument = graphql(`
  query reportTeamLabel($uuid: String!) {
    team(uuid: $uuid) {
      id
      name
    }
  }
`);
const EventLabelDocument = graphql(`
  query reportEventLabel($uuid: String!) {
    event(uuid: $uuid) {
      id
      title
      date
    }
  }
`);

const studentLabel = (s: {
  first_name: string;
  last_name: string;
  preferred_name?: string | null;
  email?: string | null;
}) => `${personName(s)}${s.email ? ` (${s.email})` : ""}`;

/** Every live location of the school, the ones without a class too (a field house with beacons only). */
const LocationChoicesDocument = graphql(`
  query reportLocationChoices {
    locationChoices {
      id
      name
    }
  }
`);

/** The classes' locations: the choices for a role that may not list every location (no create_appointment). */
const LocationOptionsDocument = graphql(`
  query reportLocationOptions($per_page: Int) {
    courses(per_page: $per_page, state: "all", sort_by: "title") {
      data {
        id
        location {
          id
          name
        }
      }
    }
  }
`);

/**
 * The school's locations a report can be filtered by: every live one (the Facility, Presence and
 * Beacons reports are about a location, classes or not); the classes' own where the viewer may not
 * list them all.
 */
async function locationChoices(): Promise<{ id: number; name: string }[]> {
  try {
    return (await execute(LocationChoicesDocument)).locationChoices;
  } catch (err) {
    // only the server's refusal (a role without create_appointment) falls back: a lost connection
    // is said as it is, not hidden behind a second call
    if (!(err instanceof RequestError) || err.status !== 200) throw err;
    const r = await execute(LocationOptionsDocument, { per_page: 100 });
    return r.courses.data.flatMap((c) => (c.location ? [c.location] : []));
  }
}

/** The options matching `term`, keyed by id or uuid as `by` says. */
export async function loadOptions(source: OptionSource, term: string, by: "id" | "uuid"): Promise<Option[]> {
  const query = term.trim() || undefined;
  const key = (row: { id: number; uuid: string }) => (by === "id" ? String(row.id) : row.uuid);
  switch (source) {
    case "course": {
      const r = await execute(CourseOptionsDocument, { query, per_page: ROWS });
      return r.courses.data.map((c) => ({ value: key(c), label: c.title }));
    }
    case "team": {
      const r = await execute(TeamOptionsDocument, { query, per_page: ROWS });
      return r.teams.data.map((t) => ({ value: key(t), label: t.name }));
    }
    case "event": {
      const r = await execute(EventOptionsDocument, { query, per_page: ROWS });
      return r.events.data.map((e) => ({ value: key(e), label: `${e.title} (${e.date})` }));
    }
    case "student": {
      const r = await execute(StudentOptionsDocument, { query, per_page: ROWS });
      return r.students.data.map((s) => ({ value: key(s), label: studentLabel(s) }));
    }
    case "location": {
      const byId = new Map<string, Option>();
      for (const l of await locationChoices()) byId.set(String(l.id), { value: String(l.id), label: l.name });
      const needle = term.trim().toLowerCase();
      return (
        [...byId.values()]
          .filter((o) => !needle || o.label.toLowerCase().includes(needle))
          // the server's order of names (decisions 0612, 0614), not the browser's language's
          .sort((a, b) => compareNames(a.label, b.label))
      );
    }
  }
}

/**
 * The label of a chosen uuid that the picker's list (the first 50 matches) left out, as a link or a
 * reload past the first 50 brings: the same words as its option. Null when it cannot be looked up
 * (an id, which has no single-row call, or a row the viewer does not see).
 */
export async function loadLabel(source: OptionSource, uuid: string): Promise<string | null> {
  try {
    switch (source) {
      case "student":
        return studentLabel((await execute(StudentLabelDocument, { uuid })).student);
      case "course":
        return (await execute(CourseLabelDocument, { uuid })).course.title;
      case "team":
        return (await execute(TeamLabelDocument, { uuid })).team.name;
      case "event": {
        const { event } = await execute(EventLabelDocument, { uuid });
        return `${event.title} (${event.date})`;
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

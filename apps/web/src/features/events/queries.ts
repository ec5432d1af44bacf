import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EventDetailQuery, EventsListQuery, EventWaitlistQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import type { GridParams } from "../../ui/grid/grid-params.ts";
import { type EventFilters, eventsVariables } from "./list/filters.ts";

export const EventsListDocument = graphql(`
  query eventsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $state: String) {
    school {
      id
      timezone
      warning_percentage
    }
    events(page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir, query: $query, state: $state) {
      total
      data {
        id
        uuid
        title
        date
        start_time
        end_time
        capacity
        visibility
        attending_count
        waitlist_count
        is_in_session
        deleted_at
        location {
          id
          name
        }
      }
    }
  }
`);

export type EventRow = EventsListQuery["events"]["data"][number];

export const EventDetailDocument = graphql(`
  query eventDetail($uuid: String!) {
    school {
      id
      timezone
      warning_percentage
    }
    event(uuid: $uuid) {
      id
      uuid
      ern
      title
      description
      date
      start_time
      end_time
      capacity
      visibility
      public_url
      late_time
      absent_time
      min_percentage
      drop_cutoff
      alerts_students
      required
      attending_count
      waitlist_count
      is_in_session
      deleted_at
      restricted_by
      restriction {
        id
        uuid
        name
      }
      location_id
      location {
        id
        name
      }
    }
  }
`);

export type EventDetail = EventDetailQuery["event"];
export type SchoolFacts = EventDetailQuery["school"];

export const CreateEventDocument = graphql(`
  mutation createEvent(
    $title: String!
    $description: String
    $date: String!
    $start_time: String!
    $end_time: String!
    $location_id: Int
    $capacity: Int
    $visibility: String
    $late_time: Int
    $absent_time: Int
    $min_percentage: Int
    $drop_cutoff: Int
    $alerts_students: Boolean
    $required: Boolean
    $restricted_by: Int
  ) {
    createEvent(
      title: $title
      description: $description
      date: $date
      start_time: $start_time
      end_time: $end_time
      location_id: $location_id
      capacity: $capacity
      visibility: $visibility
      late_time: $late_time
      absent_time: $absent_time
      min_percentage: $min_percentage
      drop_cutoff: $drop_cutoff
      alerts_students: $alerts_students
      required: $required
      restricted_by: $restricted_by
    ) {
      id
      uuid
      title
    }
  }
`);

export const UpdateEventDocument = graphql(`
  mutation updateEvent(
    $id: Int!
    $title: String
    $description: String
    $date: String
    $start_time: String
    $end_time: String
    $location_id: Int
    $capacity: Int
    $visibility: String
    $late_time: Int
    $absent_time: Int
    $min_percentage: Int
    $drop_cutoff: Int
    $alerts_students: Boolean
    $required: Boolean
    $restricted_by: Int
  ) {
    updateEvent(
      id: $id
      title: $title
      description: $description
      date: $date
      start_time: $start_time
      end_time: $end_time
      location_id: $location_id
      capacity: $capacity
      visibility: $visibility
      late_time: $late_time
      absent_time: $absent_time
      min_percentage: $min_percentage
      drop_cutoff: $drop_cutoff
      alerts_students: $alerts_students
      required: $required
      restricted_by: $restricted_by
    ) {
      id
    }
  }
`);

export const RemoveEventDocument = graphql(`
  mutation removeEvent($id: Int!) {
    removeEvent(id: $id) {
      id
    }
  }
`);

export const RestoreEventDocument = graphql(`
  mutation restoreEvent($id: Int!) {
    restoreEvent(id: $id) {
      id
    }
  }
`);

export const EventFiguresDocument = graphql(`
  query eventFigures($uuid: String!) {
    event(uuid: $uuid) {
      id
      attendance_graph {
        labels
        datasets {
          label
          data
        }
      }
      missed_event {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
    }
  }
`);

export const EventRosterDocument = graphql(`
  query eventRoster($uuid: String!) {
    event(uuid: $uuid) {
      id
      roster {
        ...RosterFields
      }
    }
  }
`);

export const EventScanCodeDocument = graphql(`
  query eventScanCode($event_id: Int!) {
    scanCode(event_id: $event_id) {
      code
      expires_at
    }
  }
`);

export const EventWaitlistDocument = graphql(`
  query eventWaitlist($uuid: String!) {
    event(uuid: $uuid) {
      id
      waitlist {
        position
        created_at
        student {
          id
          uuid
          first_name
          last_name
          preferred_name
          school_identifier
          email
        }
      }
    }
  }
`);

export type WaitlistEntry = EventWaitlistQuery["event"]["waitlist"][number];

export const UpgradeStudentDocument = graphql(`
  mutation eventUpgradeStudent($event_id: Int!, $student_id: Int!) {
    upgradeStudent(event_id: $event_id, student_id: $student_id) {
      in_waitlist
    }
  }
`);

export const AddTeamToEventDocument = graphql(`
  mutation eventAddTeam($event_id: Int!, $team_id: Int!) {
    addTeamToEvent(event_id: $event_id, team_id: $team_id) {
      changed
      student_ids
    }
  }
`);

/** The students holding a seat (not waitlisted), by name. */
export const EventStudentsDocument = graphql(`
  query eventStudents($uuid: String!) {
    event(uuid: $uuid) {
      id
      students {
        id
        uuid
        first_name
        last_name
        preferred_name
        email
        school_identifier
        semester_apa
      }
    }
  }
`);

export const EventUsersDocument = graphql(`
  query eventUsers($uuid: String!) {
    event(uuid: $uuid) {
      id
      users {
        id
        first_name
        last_name
        email
        role_id
        role {
          id
          display_name
        }
      }
    }
  }
`);

/** The teams an event can be restricted to (the school's active teams the viewer sees). */
export const EventTeamOptionsDocument = graphql(`
  query eventTeamOptions {
    teams(per_page: 250, sort_by: "name") {
      data {
        id
        name
      }
    }
  }
`);

/** The locations events use (no locations list exists yet): picked from every course's location. */
/** True for the server's NOT_FOUND answer ("Event not found"): the page shows "not found", no retry. */
export const isNotFound = (err: unknown) => err instanceof Error && /not found/i.test(err.message);

// Query keys: the push channel refreshes keys that start with "events" or "event"
// (attendance.update, at most once a second, lib/push-invalidate.ts); the seats and the
// waitlist are keyed under "students" so that student.update (a student joined, left or moved
// up) refreshes them too. The figures (finished attendance), the scan code and the form's
// options are keyed outside those areas: a burst of pings does not refetch them.
export const eventsKey = (f: EventFilters, g: GridParams) => ["events", "list", f, g] as const;
export const eventKey = (uuid: string) => ["event", uuid] as const;
export const rosterKey = (uuid: string) => ["event", uuid, "roster"] as const;
export const figuresKey = (uuid: string) => ["figures", "event", uuid] as const;

export function useEventsList(f: EventFilters, g: GridParams) {
  return useQuery({
    queryKey: eventsKey(f, g),
    queryFn: () => execute(EventsListDocument, eventsVariables(f, g)),
    placeholderData: keepPreviousData,
  });
}

export function useEventDetail(uuid: string) {
  return useQuery({
    queryKey: eventKey(uuid),
    queryFn: () => execute(EventDetailDocument, { uuid }),
    retry: (count, err) => !isNotFound(err) && count < 1,
  });
}

export function useEventFigures(uuid: string) {
  return useQuery({
    queryKey: figuresKey(uuid),
    queryFn: async () => (await execute(EventFiguresDocument, { uuid })).event,
    staleTime: 60_000,
  });
}

export function useEventRoster(uuid: string) {
  return useQuery({
    queryKey: rosterKey(uuid),
    queryFn: async () => (await execute(EventRosterDocument, { uuid })).event.roster,
    // the event starts or ends on the clock, not on a push: look again every minute
    refetchInterval: 60_000,
  });
}

export function useEventWaitlist(uuid: string) {
  return useQuery({
    queryKey: ["students", "eventWaitlist", uuid],
    queryFn: async () => (await execute(EventWaitlistDocument, { uuid })).event.waitlist,
  });
}

export function useEventStudents(uuid: string) {
  return useQuery({
    queryKey: ["students", "eventSeats", uuid],
    queryFn: async () => (await execute(EventStudentsDocument, { uuid })).event.students,
  });
}

export function useEventUsers(uuid: string) {
  return useQuery({
    queryKey: ["event", uuid, "users"],
    queryFn: async () => (await execute(EventUsersDocument, { uuid })).event.users,
  });
}

export function useEventTeamOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["groupsTeamOptions"],
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      (await execute(EventTeamOptionsDocument)).teams.data.map((t) => ({ value: String(t.id), label: t.name })),
  });
}

/** Refetches everything the event's page shows (after a change made here). */
export function useRefreshEvent(uuid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["event", uuid] }),
      client.invalidateQueries({ queryKey: ["events"] }),
      client.invalidateQueries({ queryKey: ["students"] }),
      client.invalidateQueries({ queryKey: figuresKey(uuid) }),
    ]);
}

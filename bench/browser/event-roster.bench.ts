import { localDate } from "@rollbook/domain";
import { test } from "../../e2e/fixtures.ts";
import { rosterBurst } from "./roster-burst.ts";

/**
 * Issue 11, speed: an event's live roster of 500 students takes a push of 500 check-ins in one
 * second (roster-burst.ts). The event and its 500 students are made here and removed after.
 */

test.use({ trace: "off" });

test("an event roster of 500 takes 500 check-ins pushed in one second; longest task printed", async ({
  signedInPage: page,
  api,
  session,
  serverURL,
}) => {
  test.setTimeout(300_000);
  const tag = `Eload${Date.now().toString(36)}`;
  const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
    api.graphql<T>(session.access_token, query, variables);
  const { school, courses } = await gql<{
    school: { timezone: string };
    courses: { data: { location: { id: number } | null }[] };
  }>(`query { school { timezone } courses(query: "Open Study Hall") { data { location { id } } } }`);
  const { createEvent: event } = await gql<{ createEvent: { id: number; uuid: string; title: string } }>(
    `mutation ($title: String!, $date: String!, $location_id: Int) {
      createEvent(title: $title, date: $date, location_id: $location_id, start_time: "00:00", end_time: "23:59") { id uuid title }
    }`,
    {
      title: `${tag} roster`,
      date: localDate(new Date(), school.timezone),
      location_id: courses.data[0]?.location?.id ?? null,
    },
  );
  let made: number[] = [];
  try {
    ({ students: made } = await rosterBurst(page, serverURL, gql, tag, "event roster", async (ids) => {
      made = ids;
      await gql(
        `mutation ($e: Int!, $s: [Int!]!) { attachStudents(attachable_type: "event", attachable_id: $e, student_ids: $s) { changed } }`,
        { e: event.id, s: ids },
      );
      return { title: event.title, path: `/Events/${event.uuid}` };
    }));
  } finally {
    if (made.length) await gql("mutation ($s: [Int!]!) { removeStudents(student_ids: $s) { changed } }", { s: made });
    await gql("mutation ($id: Int!) { removeEvent(id: $id) { id } }", { id: event.id });
  }
});

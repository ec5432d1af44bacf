import { test } from "../../e2e/fixtures.ts";
import { rosterBurst } from "./roster-burst.ts";

/**
 * Issue 11, speed: a course's live roster of 500 students takes a push of 500 check-ins in one
 * second (roster-burst.ts). The course and its 500 students are made here and removed after.
 */

// no trace: its DOM snapshots of 500 rows would be long tasks of the harness, not of the page
test.use({ trace: "off" });

test("a course roster of 500 takes 500 check-ins pushed in one second; longest task printed", async ({
  signedInPage: page,
  api,
  session,
  serverURL,
}) => {
  test.setTimeout(300_000);
  const tag = `Load${Date.now().toString(36)}`;
  const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
    api.graphql<T>(session.access_token, query, variables);
  const { courses } = await gql<{ courses: { data: { location: { id: number } | null }[] } }>(
    `query { courses(query: "Open Study Hall") { data { location { id } } } }`,
  );
  const { createCourse: course } = await gql<{ createCourse: { id: number; uuid: string; title: string } }>(
    `mutation ($title: String!, $location_id: Int) {
      createCourse(title: $title, location_id: $location_id, start_time: "00:00", end_time: "23:59",
        is_indefinite: true, meet_sun: true, meet_mon: true, meet_tue: true, meet_wed: true,
        meet_thu: true, meet_fri: true, meet_sat: true) { id uuid title }
    }`,
    { title: `${tag} roster`, location_id: courses.data[0]?.location?.id ?? null },
  );
  let made: number[] = [];
  try {
    ({ students: made } = await rosterBurst(page, serverURL, gql, tag, "course roster", async (ids) => {
      made = ids;
      await gql(
        "mutation ($c: Int!, $s: [Int!]!) { addCourseToStudents(course_id: $c, student_ids: $s) { changed } }",
        {
          c: course.id,
          s: ids,
        },
      );
      return { title: course.title, path: `/Courses/${course.uuid}` };
    }));
  } finally {
    // the demo school's student_cap (1000) has room for one such roster at a time
    if (made.length) await gql("mutation ($s: [Int!]!) { removeStudents(student_ids: $s) { changed } }", { s: made });
    await gql("mutation ($id: Int!) { removeCourse(id: $id) { id } }", { id: course.id });
  }
});

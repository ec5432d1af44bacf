import { addDays, localDate } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { dueSessions, LOOKBACK_DAYS } from "../engine/finalise/due.ts";
import { floorMinute, MIN, makeCourse, schoolsOf } from "../engine/test-fixtures.ts";
import { MAX_PING_AGE_MS } from "./acceptance.ts";
import { pingInput } from "./schemas.ts";

const DAY = 24 * 60 * MIN;
const pingAt = (at: Date) => pingInput.safeParse({ id: "x", recorded_at: at.toISOString() });

describe.each(DATABASES)("the finaliser looks back as far as pings are accepted, on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };

  beforeAll(async () => {
    srv = await startServer(kind);
    school = (await schoolsOf(srv.services.db)).demo;
  });
  afterAll(() => srv?.close());

  it("one window: a ping the API still takes finds its session due", async () => {
    expect(LOOKBACK_DAYS * DAY).toBe(MAX_PING_AGE_MS);
    const now = new Date();
    // a daily course of an hour, created 40 days ago, whose sessions nobody finalised
    const start = floorMinute(new Date(now.getTime() - 3 * 60 * MIN));
    const { course } = await makeCourse(srv.services.db, school, start, 60, {
      created_at: new Date(now.getTime() - 40 * DAY),
    });
    const due = (await dueSessions(srv.services.db, now)).filter(
      (x) => x.attendable_type === "course" && x.attendable_id === course.id,
    );
    const oldest = due[0]!;
    // a ping at the oldest due session's end is accepted; one just before the window is not
    expect(pingAt(oldest.end).success).toBe(true);
    expect(pingAt(new Date(now.getTime() - MAX_PING_AGE_MS - MIN)).success).toBe(false);
    // every session whose end the API still accepts pings for is due: 31 days back, not 7
    const expected: string[] = [];
    for (let d = 0; d <= 32; d++) {
      const meets = addDays(localDate(start, school.timezone), -d);
      const session = due.find((x) => x.meets === meets);
      const end = new Date(start.getTime() + 60 * MIN - d * DAY);
      if (end.getTime() > now.getTime() - MAX_PING_AGE_MS + 2 * 60 * MIN) expected.push(meets);
      if (end.getTime() < now.getTime() - MAX_PING_AGE_MS - 2 * 60 * MIN) expect(session, meets).toBeUndefined();
    }
    expect(expected.length).toBeGreaterThan(29);
    expect(due.map((x) => x.meets)).toEqual(expect.arrayContaining(expected));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { PushTestClient } from "../realtime/push-test-client.ts";
import { maskAddresses } from "./status.ts";

const TECHNICAL = `query { technical { version node_version device_api_url checkin_url
  database { kind ok latency_ms server_version } mail { configured waiting failing sent_last_day last_error }
  push { transport clients } } }`;

describe("maskAddresses", () => {
  it("masks every address in a relay error and keeps the rest", () => {
    expect(maskAddresses("550 5.1.1 <ann.lee@school.edu>: user unknown; cc bob@x.test")).toBe(
      "550 5.1.1 <<address>>: user unknown; cc <address>",
    );
    expect(maskAddresses("connect ECONNREFUSED 127.0.0.1:25")).toBe("connect ECONNREFUSED 127.0.0.1:25");
  });
});

/** The Technical tab's call (issue 13): what it reports is measured now, and only admins ask. */
describe.each(DATABASES)("technical status on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind, { PUBLIC_URL: "https://rollbook.school.test/" });
  });
  afterAll(() => srv?.close());

  it("tells an admin the addresses, the database, the outbox and the push connections", async () => {
    const admin = await srv.login("school_admin");
    const before = await srv.gql(admin.access_token, TECHNICAL);
    expect(before.body.errors).toBeUndefined();
    const t0 = before.body.data.technical;
    expect(t0.device_api_url).toBe("https://rollbook.school.test/api/v2/device");
    expect(t0.checkin_url).toBe("https://rollbook.school.test/CheckIn");
    expect(t0.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(t0.database).toMatchObject({ kind, ok: true });
    expect(t0.database.server_version).toMatch(/^\d+/);
    expect(t0.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(t0.mail.configured).toBe(false);
    expect(t0.push.transport).toBe("in-process");

    // two unsent mails, one of which failed with an address in its error; one sent today
    await srv.services.db.insert(mailOutbox).values([
      { to: "a@x.test", subject: "s", text: "t" },
      { to: "b@x.test", subject: "s", text: "t", attempts: 2, last_error: "550 <b@x.test> mailbox unavailable" },
      { to: "c@x.test", subject: "s", text: "t", attempts: 1, sent_at: new Date() },
    ]);
    const { client: socket } = await PushTestClient.connect(srv.url, admin.access_token);
    try {
      const after = (await srv.gql(admin.access_token, TECHNICAL)).body.data.technical;
      expect(after.mail.waiting).toBe(t0.mail.waiting + 2);
      expect(after.mail.failing).toBe(t0.mail.failing + 1);
      expect(after.mail.sent_last_day).toBe(t0.mail.sent_last_day + 1);
      expect(after.mail.last_error).toBe("550 <<address>> mailbox unavailable");
      expect(after.push.clients).toBe(t0.push.clients + 1);
    } finally {
      socket.close();
    }
  });

  it("refuses everyone but the admin roles", async () => {
    for (const role of ["academic_advisor", "judge", "staff"]) {
      const s = await srv.login(role);
      const r = await srv.gql(s.access_token, TECHNICAL);
      expect(r.body.errors?.[0]?.extensions?.code, role).toBe("FORBIDDEN");
    }
  });
});

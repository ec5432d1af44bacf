import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, TEST_PASSWORD } from "../../test/harness.ts";
import { freshDir } from "../../test/template.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { isSecretParam, REDACTED, redactUrl, SECRET_PATH_ROUTES, SECRET_QUERY_ROUTES } from "./log-redaction.ts";

const R = REDACTED;
const UUID = "11111111-2222-4333-8444-555555555555";

describe("redactUrl", () => {
  it("redacts the secret segment of each route in the table, whatever the case", () => {
    const cases: [string, string][] = [
      [`/api/v2/calendar/s3cr3t_-X/courses/${UUID}.ics`, `/api/v2/calendar/${R}/courses/${UUID}.ics`],
      ["/API/V2/Calendar/s3cr3t", `/API/V2/Calendar/${R}`],
      [`/ResetPassword/${UUID}`, `/ResetPassword/${R}`],
      [`/resetpassword/${UUID}?x=1`, `/resetpassword/${R}?x=1`],
      [`/Invite/${UUID}/`, `/Invite/${R}/`],
      [`//Invite/${UUID}`, `//Invite/${R}`],
      // percent-escapes reach the same page: given decoded, redacted
      ["/Reset%50assword/s3cr3t", `/ResetPassword/${R}`],
      ["/api/v2/%63alendar/s3cr3t/courses/x.ics?a=%zz", `/api/v2/calendar/${R}/courses/x.ics?a=%zz`],
      // whole addresses and texts holding one
      [
        `https://r.example/api/v2/calendar/s3cr3t/courses/${UUID}.ics`,
        `https://r.example/api/v2/calendar/${R}/courses/${UUID}.ics`,
      ],
      [`Route POST:/ResetPassword/${UUID} not found`, `Route POST:/ResetPassword/${R} not found`],
    ];
    for (const [url, want] of cases) expect(redactUrl(url), url).toBe(want);
    expect(SECRET_PATH_ROUTES.map((r) => r.prefix)).toEqual(["/api/v2/calendar/", "/ResetPassword/", "/Invite/"]);
  });

  it("redacts token-like query parameters, and addresses given as a parameter", () => {
    const cases: [string, string][] = [
      [`/EventSignup/${UUID}?token=s3cr3t`, `/EventSignup/${UUID}?token=${R}`],
      [`/api/v2/signup/${UUID}/status?a=1&token=s3cr3t&b=2`, `/api/v2/signup/${UUID}/status?a=1&token=${R}&b=2`],
      [
        "/x?access_token=a&Token=b&%74oken=c&search_token=d",
        `/x?access_token=${R}&Token=${R}&%74oken=${R}&search_token=${R}`,
      ],
      [
        "/x?password=a&secret=b&api_key=c&code=d&session=e&token=",
        `/x?password=${R}&secret=${R}&api_key=${R}&code=${R}&session=${R}&token=${R}`,
      ],
      [`/Login?redirect=/EventSignup/${UUID}?token=s3cr3t`, `/Login?redirect=/EventSignup/${UUID}?token=${R}`],
      [
        `/Login?redirect=${encodeURIComponent(`/EventSignup/${UUID}?token=s3cr3t`)}`,
        `/Login?redirect=${encodeURIComponent(`/EventSignup/${UUID}?token=${R}`)}`,
      ],
    ];
    for (const [url, want] of cases) expect(redactUrl(url), url).toBe(want);
    for (const r of SECRET_QUERY_ROUTES) expect(isSecretParam(r.param), r.route).toBe(true);
  });

  it("leaves every other URL as it was", () => {
    for (const url of [
      "/",
      "/api/health",
      `/Students/${UUID}?tab=Information`,
      "/Students?page=2&per_page=25&sort_by=name&sort_dir=asc&query=ann%20lee",
      `/Login?redirect=${encodeURIComponent("/Students?page=2")}`,
      "/api/v2/reports/Status/export.csv?start_date=2026-01-01&end_date=2026-01-31&classes=1,2",
      "/api/v2/imports?kind=students",
      "/graphql/query?query=%7Bme%7Bid%7D%7D&variables=%7B%7D",
      `/EventSignup/${UUID}`,
      "/CheckIn/",
      "/api/v2/device/schedule?date=2026-11-27",
    ])
      expect(redactUrl(url), url).toBe(url);
    for (const name of ["page", "query", "sort_by", "classes", "relation_uuid", "date", "kind", "tab", "redirect"])
      expect(isSecretParam(name), name).toBe(false);
  });
});

/**
 * A real app at LOG_LEVEL=info (the default) with a web build, its log read line by line: the
 * secrets of every kind of URL (sweep 3) and the Authorization and Cookie headers are not written;
 * the redacted URL is.
 */
describe("the server log", () => {
  let dir = "";
  let web = "";
  let database: Database;
  let app: FastifyInstance;
  let url = "";
  const lines: string[] = [];
  const log = () => lines.join("");
  const entries = () => lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; [k: string]: unknown });

  beforeAll(async () => {
    dir = freshDir();
    web = fs.mkdtempSync(path.join(os.tmpdir(), "rollbook-log-web-"));
    fs.writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Rollbook</title>");
    database = await openDatabase({ dataDir: dir });
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT: "1000",
      LOGIN_DELAY_MS: "0",
      FINALISE_INTERVAL_MS: "0",
    });
    ({ app } = await buildApp({ config, database, webDist: web, logStream: { write: (l) => lines.push(l) } }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(web, { recursive: true, force: true });
  });

  const xhr = { "x-requested-with": "XMLHttpRequest" };
  /** The request URLs logged so far (the request serializer's `req.url`). */
  const loggedUrls = () => entries().flatMap((e) => (e.req?.url ? [e.req.url] : []));

  it("keeps each kind of secret URL out, and logs it redacted", async () => {
    const login = await fetch(`${url}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...xhr },
      body: JSON.stringify({ email: demoEmail("school_admin"), password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const gql = await fetch(`${url}/graphql/query`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...xhr },
      body: JSON.stringify({ query: "{ courses(per_page: 1) { data { uuid calendar_url } } }" }),
    });
    const course = ((await gql.json()) as { data: { courses: { data: { uuid: string; calendar_url: string }[] } } })
      .data.courses.data[0]!;
    const feed = course.calendar_url;
    const secret = /\/api\/v2\/calendar\/([^/]+)\//.exec(feed)?.[1] as string;
    expect(secret.length).toBeGreaterThan(20);

    const signupToken = "SignupToken_abcdefghijklmnopqrstuvwxyz0123456";
    const resetSecret = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
    const inviteSecret = "ffffffff-1111-4222-8333-444444444444";
    const asked: [string, RequestInit, number, string][] = [
      // the calendar app's request, answered with the feed
      [feed, {}, 200, `/api/v2/calendar/${R}/courses/${course.uuid}.ics`],
      // the mailed links' pages, served by the web app
      [`/ResetPassword/${resetSecret}`, {}, 200, `/ResetPassword/${R}`],
      [`/Invite/${inviteSecret}`, {}, 200, `/Invite/${R}`],
      [`/EventSignup/${UUID}?token=${signupToken}`, {}, 200, `/EventSignup/${UUID}?token=${R}`],
      // the signup page's own call
      [`/api/v2/signup/${UUID}/status?token=${signupToken}`, {}, 404, `/api/v2/signup/${UUID}/status?token=${R}`],
      // no route for the method (the 404 handler logs nothing more)
      [`/ResetPassword/${resetSecret}`, { method: "POST", headers: xhr }, 404, `/ResetPassword/${R}`],
      [
        `/api/v2/calendar/${secret}/courses/${course.uuid}.ics`,
        { method: "DELETE", headers: xhr },
        404,
        `/api/v2/calendar/${R}/courses/${course.uuid}.ics`,
      ],
    ];
    for (const [path, init, status, redacted] of asked) {
      const res = await fetch(path.startsWith("http") ? path : url + path, init);
      await res.arrayBuffer();
      expect(res.status, path).toBe(status);
      expect(loggedUrls(), path).toContain(redacted);
    }
    const text = log();
    for (const s of [secret, signupToken, resetSecret, inviteSecret]) expect(text).not.toContain(s);
    // what stays: the method, the rest of the path, the address
    expect(entries().find((e) => e.req?.url === `/Invite/${R}`)?.req).toMatchObject({
      method: "GET",
      remoteAddress: "127.0.0.1",
    });
  });

  it("writes no Authorization header, bearer token or cookie", async () => {
    const login = await fetch(`${url}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...xhr },
      body: JSON.stringify({ email: demoEmail("school_admin"), password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const cookie = "rollbook_session=CookieSecret_0123456789";
    for (const path of ["/api/v2/students/export.csv?query=nobody", "/api/v2/no-such-call", "/Dashboard"]) {
      const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}`, cookie, ...xhr } });
      await res.arrayBuffer();
    }
    // a log call that passes headers along gets them censored
    app.log.info({ headers: { authorization: "Bearer HeaderSecret_1", cookie: "c=HeaderSecret_2" } }, "headers");
    const text = log();
    for (const s of [token, "CookieSecret_0123456789", "HeaderSecret_1", "HeaderSecret_2"])
      expect(text).not.toContain(s);
    expect(entries().find((e) => e.msg === "headers")?.headers).toEqual({ authorization: R, cookie: R });
    expect(loggedUrls()).toContain("/api/v2/students/export.csv?query=nobody");
  });
});

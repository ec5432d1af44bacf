import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUrl, TEMPLATE_PG_DB, TEST_PASSWORD } from "../../test/template.ts";
import { assignedStudentIds } from "../access/visibility.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { attendance, schools, students, tasks } from "../db/schema/index.ts";
import { demoEmail } from "../db/seed/demo.ts";
import { MIN, makeCourse, makeStudent, ping } from "../engine/test-fixtures.ts";
import type { Services } from "../services.ts";
import { PushTestClient } from "./push-test-client.ts";

const REDIS = process.env.TEST_REDIS_URL;
const PG = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Process A runs in this test (so it can publish on its bus), process B is a
 * real child process; both share one PostgreSQL database and one Redis channel
 * unique to this run.
 */
describe.skipIf(!REDIS || !PG)(
  "push between two server processes through Redis (needs TEST_REDIS_URL and TEST_DATABASE_URL)",
  () => {
    const dbName = `rollbook_push_${process.pid}_${Date.now()}`;
    const channel = `rollbook:push:test:${process.pid}:${Date.now()}`;
    let dbUrl: string;
    let database: Database;
    let appA: FastifyInstance;
    let servicesA: Services;
    let urlA: string;
    let childB: ChildProcess;
    let urlB: string;
    const open: PushTestClient[] = [];

    async function login(url: string, role: string) {
      const res = await fetch(`${url}/api/v2/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body: JSON.stringify({ email: demoEmail(role), password: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { access_token: string; user: { id: number; school_id: number } } }).data;
    }
    async function connect(url: string, token: string) {
      const c = await PushTestClient.connect(url, token);
      open.push(c.client);
      return c.client;
    }

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`create database ${dbName} template ${TEMPLATE_PG_DB}`);
      await admin.end();
      dbUrl = adminUrl(PG as string, dbName);
      const env = { REDIS_URL: REDIS as string, REDIS_CHANNEL: channel, DATABASE_URL: dbUrl, NODE_ENV: "test" };

      database = await openDatabase({ url: dbUrl });
      const built = await buildApp({ config: loadConfig({ ...env, LOG_LEVEL: "silent" }), database, logger: false });
      appA = built.app;
      servicesA = built.services;
      await appA.listen({ port: 0, host: "127.0.0.1" });
      urlA = `http://127.0.0.1:${(appA.server.address() as AddressInfo).port}`;

      childB = spawn(process.execPath, ["--import", "tsx", path.join(here, "peer-server.ts")], {
        env: { ...process.env, ...env, LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      urlB = await new Promise<string>((resolve, reject) => {
        let out = "";
        childB.stdout?.on("data", (d) => {
          out += d.toString();
          const line = out.split("\n").find((l) => l.startsWith("{"));
          if (line) resolve((JSON.parse(line) as { url: string }).url);
        });
        childB.once("exit", (code) => reject(new Error(`process B exited with ${code}`)));
      });
    });

    afterAll(async () => {
      for (const c of open) c.close();
      if (childB && childB.exitCode === null) {
        const exited = new Promise((r) => childB.once("exit", r));
        childB.kill("SIGTERM");
        await exited;
      }
      await appA?.close();
      await database?.close();
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });

    it("a task closed on process A reaches its user's socket on process B, and nobody else's", async () => {
      const advisor = await login(urlA, "academic_advisor");
      const adminOnB = await connect(urlB, (await login(urlB, "school_admin")).access_token);
      const advisorOnB = await connect(urlB, advisor.access_token);
      const [task] = await database.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.user_id, advisor.user.id), isNull(tasks.deleted_at)))
        .limit(1);
      const res = await fetch(`${urlA}/graphql/query`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-requested-with": "XMLHttpRequest",
          authorization: `Bearer ${advisor.access_token}`,
        },
        body: JSON.stringify({
          query: "mutation($id: Int!) { closeTask(id: $id) { id } }",
          variables: { id: task!.id },
        }),
      });
      expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
      expect(await advisorOnB.nextOfType("task.update")).toMatchObject({ type: "task.update", ids: [task!.id] });
      await servicesA.bus.publish({ type: "student.update", school_id: advisor.user.school_id, ids: [7] });
      expect(await adminOnB.nextOfType("student.update")).toMatchObject({ ids: [7] });
    });

    it("an attendance.update published on A reaches B's sockets allowed to see it, and A's own", async () => {
      const counselor = await login(urlB, "councelor");
      const school = counselor.user.school_id;
      const seen = (
        await database.db
          .select({ id: students.id })
          .from(students)
          .where(sql`${students.id} in (${assignedStudentIds(counselor.user.id)})`)
          .limit(1)
      )[0]!.id;
      const unseen = (
        await database.db
          .select({ id: students.id })
          .from(students)
          .where(
            and(eq(students.school_id, school), sql`${students.id} not in (${assignedStudentIds(counselor.user.id)})`),
          )
          .orderBy(asc(students.id))
          .limit(1)
      )[0]!.id;
      const [att] = await database.db
        .select({ id: attendance.id })
        .from(attendance)
        .where(eq(attendance.student_id, seen))
        .limit(1);
      const counselorOnB = await connect(urlB, counselor.access_token);
      const adminOnA = await connect(urlA, (await login(urlA, "school_admin")).access_token);

      await servicesA.bus.publish({ type: "attendance.update", school_id: school, ids: [1], student_ids: [unseen] });
      await servicesA.bus.publish({
        type: "attendance.update",
        school_id: school,
        ids: [att!.id],
        student_ids: [seen],
      });
      expect(await counselorOnB.nextOfType("attendance.update")).toMatchObject({ ids: [att!.id], student_ids: [seen] });
      expect(await adminOnA.nextOfType("attendance.update")).toMatchObject({ ids: [1] });
      expect(await adminOnA.nextOfType("attendance.update")).toMatchObject({ ids: [att!.id] });
    });

    it("a device ping taken by process A reaches a staff socket on process B as attendance.update", async () => {
      const admin = await login(urlB, "school_admin");
      const [school] = await database.db.select().from(schools).where(eq(schools.id, admin.user.school_id));
      const now = new Date();
      const { course, place } = await makeCourse(database.db, school!, new Date(now.getTime() - 10 * MIN), 120);
      const student = await makeStudent(database.db, school!.id, { courses: [course.id] });
      const adminOnB = await connect(urlB, admin.access_token);

      const res = await fetch(`${urlA}/api/v2/device/pings`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
        body: JSON.stringify({ pings: [ping(new Date(now.getTime() - 5 * MIN), place), ping(now, place)] }),
      });
      expect(res.status).toBe(200);
      const update = await adminOnB.nextOfType("attendance.update");
      expect(update).toMatchObject({ type: "attendance.update", student_ids: [student.id] });
      const [row] = await database.db.select().from(attendance).where(eq(attendance.student_id, student.id));
      expect((update as { ids: number[] }).ids).toContain(row!.id);
    });

    it("tells browsers to refetch when the Redis subscriber lost its connection", async () => {
      const staff = await login(urlB, "staff");
      const onB = await connect(urlB, staff.access_token);
      const redis = new Redis(REDIS as string);
      try {
        const list = (await redis.client("LIST")) as string;
        const ids = list
          .split("\n")
          .filter((l) => l.includes(` name=rollbook-sub:${channel} `))
          .map((l) => /\bid=(\d+)/.exec(l)?.[1]);
        expect(ids.length).toBe(2); // one subscriber per process
        for (const id of ids) await redis.client("KILL", "ID", id as string);
      } finally {
        redis.disconnect();
      }
      expect(await onB.nextOfType("resync")).toEqual({ type: "resync" });
      // and messages flow again after the reconnect
      await servicesA.bus.publish({
        type: "task.update",
        school_id: staff.user.school_id,
        ids: [8],
        user_id: staff.user.id,
      });
      expect(await onB.nextOfType("task.update")).toMatchObject({ ids: [8] });
    });
  },
);

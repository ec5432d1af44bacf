import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crc32 } from "node:zlib";
import { expect } from "vitest";
import type { TestServer } from "../../test/harness.ts";

/** docs/samples: the files docs/imports.md shows. */
export const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../../docs/samples");
export const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));
/** The header line of a OneRoster sample file, to write rows under. */
export const oneRosterHead = (file: string) => sample(`oneroster/${file}`).toString("utf8").split("\n")[0] as string;

/** Registers through the /Invite link of a mail's text (an imported address's invitation). */
export function registerThrough(srv: TestServer, mailText: string | undefined, first_name: string, last_name: string) {
  const token = mailText?.match(/\/Invite\/([0-9a-f-]{36})/)?.[1];
  expect(token, "the mail has an /Invite/ link").toBeTruthy();
  return srv.post("/api/v2/register", {
    token,
    first_name,
    last_name,
    password: "a-long-password",
    password_confirmation: "a-long-password",
  });
}

const ONE = `query($uuid: String!) { import(uuid: $uuid) { id uuid kind status progress total_rows created_at finished_at
  row_errors { line reason } rejected_rows error_count user { id } } }`;

/** Test helper: uploads an import as a demo role, and waits for its job to finish (`server`: set in beforeAll). */
export function importClient(server: () => TestServer) {
  const tokens = new Map<string, string>();
  const as = async (role: string) => {
    if (!tokens.has(role)) tokens.set(role, (await server().login(role)).access_token);
    return tokens.get(role) as string;
  };
  const upload = async (role: string, k: string, body: Buffer | string, type = "text/csv") => {
    const res = await fetch(`${server().url}/api/v2/imports?kind=${k}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await as(role)}`,
        "x-requested-with": "XMLHttpRequest",
        "content-type": type,
      },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const one = async (uuid: string, role = "school_admin") => {
    const r = await server().gql(await as(role), ONE, { uuid });
    return r.body;
  };
  /** Uploads and waits for the job to finish (done or failed). */
  const run = async (k: string, body: Buffer | string, role = "school_admin", type?: string) => {
    const up = await upload(role, k, body, type);
    expect(up.status, JSON.stringify(up.body)).toBe(202);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await one(up.body.data.uuid, role);
      const imp = r.data?.import;
      if (imp && (imp.status === "done" || imp.status === "failed")) return imp;
      if (Date.now() > deadline) throw new Error(`import not finished: ${JSON.stringify(r)}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };
  return { as, upload, one, run };
}

/** A zip of stored (uncompressed) entries: enough to test the reader without a zip library. */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cen = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cen.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cen, end]);
}

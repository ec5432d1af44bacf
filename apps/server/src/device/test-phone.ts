/** Test helper: a student's phone calling the device API as the check-in app does (decision 0511). */

/** A phone's installation id as the check-in app makes it: 32 hex characters, here from a short name. */
export const idOf = (name: string) => Buffer.from(name).toString("hex").padEnd(32, "0");

/** A phone that names itself with `name`'s installation id on every call (null: sends none). */
export function device(url: string, token: string, name: string | null) {
  const id = name && idOf(name);
  const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${token}` };
  if (id) headers["x-device-token"] = id;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}/api/v2/device/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    register: (extra: Record<string, unknown> = {}) =>
      post("register", { type: "web", model_name: "Browser", token: id, ...extra }),
    pings: (list: unknown[]) => post("pings", { pings: list }),
    scan: (code: string) => post("scan", { code }),
    signOut: () => post("sign-out", {}),
  };
}

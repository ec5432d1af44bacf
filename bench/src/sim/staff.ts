/**
 * The simulator and the benches talk HTTP only: a staff user allowed to reset tokens
 * (reset_token, e.g. the demo school admin) reads the students' personal tokens from the
 * GraphQL students list, as the web app's student page does (decision 0361).
 */
export interface StaffSession {
  access_token: string;
  user: { id: number; school_id: number };
}

export async function staffLogin(baseURL: string, email: string, password: string): Promise<StaffSession> {
  const res = await fetch(new URL("/api/v2/login", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: StaffSession }).data;
}

export async function graphql<T>(baseURL: string, token: string, query: string, variables = {}): Promise<T> {
  const res = await fetch(new URL("/graphql/query", baseURL), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (res.status !== 200 || body.errors?.length || !body.data)
    throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

export interface StudentToken {
  id: number;
  first_name: string;
  last_name: string;
  token: string;
}

/** The GraphQL API's largest page (MAX_PAGE_SIZE in @rollbook/domain). */
const PAGE = 250;

/** Every page of a `students` query (its `data` and `total`); `args` (literals) besides the paging ones. */
export async function allStudents<T>(baseURL: string, token: string, fields: string, args = "") {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const { students } = await graphql<{ students: { data: T[]; total: number } }>(
      baseURL,
      token,
      `query($page: Int) { students(${args}${args ? ", " : ""}page: $page, per_page: ${PAGE}) { data { ${fields} } total } }`,
      { page },
    );
    out.push(...students.data);
    if (students.data.length < PAGE || out.length >= students.total) return out;
  }
}

/** Every active student's token the staff user may see (null tokens: not allowed, skipped). */
export async function studentTokens(baseURL: string, staffToken: string): Promise<StudentToken[]> {
  const all = await allStudents<Omit<StudentToken, "token"> & { token: string | null }>(
    baseURL,
    staffToken,
    "id first_name last_name token",
    'sort_by: "last_name"',
  );
  const rows = all.filter((s): s is StudentToken => typeof s.token === "string");
  if (rows.length === 0 && all.length > 0)
    throw new Error("this user may not read student tokens (needs the reset_token permission)");
  return rows;
}

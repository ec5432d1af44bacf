/**
 * The HTTP side of a test: the same REST and GraphQL endpoints the web app calls, used to set
 * up state quickly (sign in, invite) and to check what the server now believes (a revoked token).
 */
export interface ApiUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  school_id: number;
  role_id: number;
  higher_contrast: boolean;
  a11y_mode: boolean;
}

export interface ApiSession {
  user: ApiUser;
  access_token: string;
  search_token: string;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export class Api {
  constructor(readonly baseURL: string) {}

  async post<T = unknown>(path: string, body: unknown, token?: string): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(new URL(path, this.baseURL), { method: "POST", headers, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text for the failure message
    }
    return { status: res.status, body: parsed as T };
  }

  async login(email: string, password: string): Promise<ApiSession> {
    const answer = await this.post<{ data: ApiSession }>("/api/v2/login", { email, password });
    if (answer.status !== 200) {
      throw new Error(`Login of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body.data;
  }

  logout(token: string) {
    return this.post("/api/v2/logout", {}, token);
  }

  graphqlRaw<T = unknown>(token: string | undefined, query: string, variables: Record<string, unknown> = {}) {
    return this.post<{ data?: T; errors?: { message: string }[] }>("/graphql/query", { query, variables }, token);
  }

  /** A GraphQL call that must succeed; its errors fail the test with the server's words. */
  async graphql<T>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const answer = await this.graphqlRaw<T>(token, query, variables);
    if (answer.status !== 200 || answer.body.errors?.length || !answer.body.data) {
      throw new Error(`GraphQL answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body.data;
  }
}

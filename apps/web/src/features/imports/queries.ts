import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ImportOneQuery, ImportsListQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import { NETWORK_ERROR, RequestError } from "../../lib/http.ts";
import { endSession, getToken } from "../../lib/session.ts";
import type { ImportKind } from "./columns.ts";

export const ImportsListDocument = graphql(`
  query importsList($page: Int, $per_page: Int) {
    imports(page: $page, per_page: $per_page) {
      total
      data {
        id
        uuid
        kind
        status
        progress
        total_rows
        error_count
        created_at
        finished_at
        user {
          id
          first_name
          last_name
        }
      }
    }
    school {
      id
      timezone
    }
  }
`);

export const ImportOneDocument = graphql(`
  query importOne($uuid: String!) {
    import(uuid: $uuid) {
      id
      uuid
      kind
      status
      progress
      total_rows
      rejected_rows
      created_at
      finished_at
      row_errors {
        line
        reason
      }
      user {
        id
        first_name
        last_name
      }
    }
    school {
      id
      timezone
    }
  }
`);

export type ImportListItem = ImportsListQuery["imports"]["data"][number];
export type ImportDetail = ImportOneQuery["import"];

// keys start with "imports" / "import": the import.update push refetches them (lib/push-invalidate.ts)
export const importsKey = (page: number, perPage: number) => ["imports", page, perPage] as const;
export const importKey = (uuid: string) => ["import", uuid] as const;

export function useImports(page: number, perPage = 25) {
  return useQuery({
    queryKey: importsKey(page, perPage),
    queryFn: () => execute(ImportsListDocument, { page, per_page: perPage }),
    // another page keeps the rows shown (under the grid's overlay) until its own arrive
    placeholderData: keepPreviousData,
  });
}

export function useImport(uuid: string) {
  return useQuery({ queryKey: importKey(uuid), queryFn: () => execute(ImportOneDocument, { uuid }) });
}

/**
 * POST /api/v2/imports?kind=…: the file itself is the body (the server streams it), with the
 * session's token and the XMLHttpRequest marker. Answers the new import's uuid; a refused file
 * rejects with the server's message (what is wrong with the file).
 */
export async function uploadImport(kind: ImportKind, file: File): Promise<{ uuid: string; total_rows: number }> {
  const token = getToken();
  const headers: Record<string, string> = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    "Content-Type": kind === "oneroster" ? "application/zip" : "text/csv",
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/v2/imports?kind=${kind}`, { method: "POST", headers, body: file });
  } catch {
    throw new RequestError(NETWORK_ERROR, 0, {}, false);
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: { uuid: string; total_rows: number };
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (response.status === 401 && token) endSession("expired", token);
  if (!response.ok || !payload?.data)
    throw new RequestError(
      payload?.message ?? `The server answered ${response.status}.`,
      response.status,
      payload?.errors ?? {},
    );
  return payload.data;
}

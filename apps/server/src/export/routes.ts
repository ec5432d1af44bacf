import { atMost } from "@rollbook/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Scoped } from "../access/scoped.ts";
import { NUL_MESSAGE } from "../http/no-nul.ts";
import type { Services } from "../services.ts";
import { FilterError, type StudentFilterInput, studentFilter } from "../students/filter.ts";
import { schoolZone } from "./csv-cells.ts";
import { downloadViewer } from "./request-viewer.ts";
import { studentsCsv } from "./students-csv.ts";

/** Longer than any filter's own limit (query: 200): a bound on what is read at all. */
const FILTER_MAX = 1000;
const FILTERS = ["query", "state", "relation", "relation_uuid", "sort_by", "sort_dir", "missing"] as const;

const badRequest = (reply: FastifyReply, field: string, problem: string) =>
  reply.code(400).send({ message: `${field} ${problem}`, errors: { [field]: [problem] } });

/** The query string as the filters: each one once, as text (a repeated one is refused, naming it). */
function readFilters(request: FastifyRequest): StudentFilterInput | { field: string; problem: string } {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const name of FILTERS) {
    const v = raw[name];
    if (v === undefined) continue;
    if (typeof v !== "string") return { field: name, problem: "must be given once" };
    if (v.includes("\0")) return { field: name, problem: NUL_MESSAGE };
    if (v.length > FILTER_MAX) return { field: name, problem: atMost(FILTER_MAX, "character") };
    out[name] = v;
  }
  if (out.missing !== undefined && out.missing !== "true" && out.missing !== "false")
    return { field: "missing", problem: "must be true or false" };
  return { ...out, missing: out.missing === "true" };
}

/**
 * GET /api/v2/students/export.csv: every student of the `students` list's filter that the viewer
 * may see, as CSV, streamed in keyset batches (docs/decisions/0610-search-and-export.md). Staff
 * with a full access token only (the search token is refused), and the XMLHttpRequest marker as
 * on every other /api call; the rate limit of GraphQL calls applies. Times (last_seen) are written
 * on the school's clock (decision 0823).
 */
export async function exportRoutes(app: FastifyInstance, { s }: { s: Services }) {
  app.get("/api/v2/students/export.csv", async (request, reply) => {
    const viewer = await downloadViewer(s, request, reply);
    if (!viewer) return reply;
    const input = readFilters(request);
    if ("problem" in input) return badRequest(reply, input.field, input.problem);
    let filter: Awaited<ReturnType<typeof studentFilter>>;
    const data = new Scoped(s, viewer);
    try {
      filter = await studentFilter(data, input);
    } catch (e) {
      if (e instanceof FilterError) return badRequest(reply, e.field, e.problem);
      throw e;
    }
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="students.csv"')
      .header("cache-control", "no-store")
      .send(studentsCsv(s, viewer, filter, await schoolZone(data)));
  });
}

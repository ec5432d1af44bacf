import { pipeline, Readable } from "node:stream";
import { atMost } from "@rollbook/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Scoped } from "../../access/scoped.ts";
import { csvStream, schoolZone } from "../../export/csv-cells.ts";
import { downloadViewer } from "../../export/request-viewer.ts";
import { paging } from "../../graphql/paging.ts";
import { NUL_MESSAGE } from "../../http/no-nul.ts";
import type { Services } from "../../services.ts";
import { copyCsvOr } from "./copy-out.ts";
import { badRequest, notFound, refusal } from "./refusal.ts";
import { REPORT_EXPORTS } from "./registry.ts";
import type { Cell } from "./report-export.ts";

/** A bound on each query parameter read at all (a report's own checks are narrower). */
const PARAM_MAX = 10_000;

/** The query string as text filters, each given once and of a sane length, or the field at fault. */
function readQuery(request: FastifyRequest): Record<string, string> | { field: string; problem: string } {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(raw)) {
    if (typeof v !== "string") return { field: name, problem: "must be given once" };
    if (v.includes("\0")) return { field: name, problem: NUL_MESSAGE };
    if (v.length > PARAM_MAX) return { field: name, problem: atMost(PARAM_MAX, "character") };
    out[name] = v;
  }
  return out;
}

/**
 * An export writes every row, so it reads no page; but the paging words a client sends are checked
 * as the report's call checks them (decision 0800: the same checks, naming the field), so
 * `page=-1` or `sort_dir=up` is refused here as it is there, not silently ignored.
 */
function pagingOfExport(query: Record<string, string>) {
  const int = (v: string | undefined) =>
    v === undefined ? undefined : /^-?\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
  paging({ page: int(query.page), per_page: int(query.per_page), sort_dir: query.sort_dir });
}

/** The header line, then the report's own CSV text. */
async function* withHeader(
  header: readonly string[],
  lines: AsyncIterable<string | Buffer>,
): AsyncGenerator<string | Buffer> {
  yield `${header.join(",")}\n`;
  yield* lines;
}

async function* empty(): AsyncGenerator<Cell[][]> {}

/** Flattens a report's batches into rows, so the CSV writer pulls one batch at a time. */
async function* flatten(batches: AsyncIterable<Cell[][]>): AsyncGenerator<Cell[]> {
  for await (const batch of batches) for (const row of batch) yield row;
}

/**
 * GET /api/v2/reports/{page}/export.csv: the whole result of a report's filter as CSV, streamed
 * (docs/decisions/0800-report-exports.md). The x-total-count header says how many data rows
 * follow, so the browser can show progress. A report the viewer may not open answers 404, as an
 * unknown one does.
 */
export async function reportExportRoutes(app: FastifyInstance, { s }: { s: Services }) {
  const byPage = new Map(REPORT_EXPORTS.map((r) => [r.page.toLowerCase(), r]));
  app.get<{ Params: { page: string } }>("/api/v2/reports/:page/export.csv", async (request, reply) => {
    const viewer = await downloadViewer(s, request, reply);
    if (!viewer) return reply;
    const report = byPage.get(request.params.page.toLowerCase());
    if (!report?.allowed(viewer)) return notFound(reply);
    const query = readQuery(request);
    if ("problem" in query) return badRequest(reply, query.field, query.problem);
    const scope = () => new Scoped(s, viewer);
    let args: unknown;
    let total: number;
    try {
      pagingOfExport(query);
      args = report.parse(query);
      total = await report.count(scope(), args);
    } catch (e) {
      const answered = refusal(reply, e);
      if (answered) return answered;
      throw e;
    }
    const done = (err: NodeJS.ErrnoException | null) => {
      if (err && err.code !== "ERR_STREAM_PREMATURE_CLOSE")
        s.log.error({ err, report: report.page }, "report export failed");
    };
    let body: Readable;
    if (report.copy && report.lines && s.dbKind === "postgres") {
      const { lines } = report;
      const file = copyCsvOr(s.db, report.copy.query(scope(), args), report.copy.quoted, () => lines(scope, args));
      body = Readable.from(withHeader(report.header, file));
      body.on("error", done);
    } else if (report.lines) {
      body = Readable.from(withHeader(report.header, report.lines(scope, args)));
      body.on("error", done);
    } else {
      // every text cell quoted and guarded, every time on the school's clock (csv-cells.ts, decision
      // 0823): the same encoding as the students export
      const csv = csvStream(report.header, await schoolZone(scope()));
      pipeline(Readable.from(flatten(report.rows?.(scope, args) ?? empty())), csv, done);
      body = csv;
    }
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${report.file}.csv"`)
      .header("x-total-count", String(total))
      .header("access-control-expose-headers", "x-total-count")
      .header("cache-control", "no-store")
      .send(body);
  });
}

import { viewerIsAllowedTokenReport } from "../../access/report-access.ts";
import { checkToken, type TokenReportArgs, tokenFilter, tokenOrder, tokenRowOf } from "../token.ts";
import { idList, type ReportExport } from "./report-export.ts";
import { offsetBatches, sortOf } from "./school-batches.ts";

/** The Token report as CSV, for printing: needs reset_token as the GraphQL call does. */
export const tokenExport: ReportExport<TokenReportArgs> = {
  page: "Token",
  file: "tokens",
  allowed: viewerIsAllowedTokenReport,
  parse: (q) => {
    const args: TokenReportArgs = {
      teams: idList(q, "teams") ?? [],
      courses: idList(q, "courses") ?? [],
      ...sortOf(q),
    };
    checkToken(args);
    tokenOrder(args);
    return args;
  },
  header: ["first_name", "last_name", "preferred_name", "school_identifier", "token"],
  count: (data, args) => data.count("students", tokenFilter(data, args)),
  rows: (scope, args) =>
    offsetBatches(
      scope,
      async (data, limit, offset) =>
        (await data.rows("students", { where: tokenFilter(data, args), orderBy: tokenOrder(args), limit, offset })).map(
          tokenRowOf,
        ),
      (r) => [r.first_name, r.last_name, r.preferred_name, r.school_identifier, r.token],
    ),
};

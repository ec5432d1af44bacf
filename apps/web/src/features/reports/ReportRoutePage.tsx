import { Navigate, useParams } from "react-router";
import type { RefusedState } from "../../app/refused.ts";
import { useMe } from "../../lib/me.ts";
import { HOME } from "../../lib/redirect.ts";
import { NotFoundPanel } from "../../ui/detail/NotFoundPanel.tsx";
import LaterPage from "../later/LaterPage.tsx";
import { ReportPage } from "./ReportPage.tsx";
import { mayOpenReport, reportNamed } from "./report-list.ts";
import { REPORT_PAGES } from "./report-pages.ts";

/**
 * /Reports/:report: the report's page; for a report the viewer's role may not open (the admin-only
 * ones, Token without reset_token) the Dashboard, which says why, as for any refused page (spec
 * section 2, decision 0584); the not-found panel for a name that is no report. The key remounts the
 * page when the report changes.
 */
export default function ReportRoutePage() {
  const { report } = useParams();
  const me = useMe();
  const info = reportNamed(report);
  if (!info) return <NotFoundPanel what="Report" backTo="/Reports" backLabel="All reports" />;
  if (!mayOpenReport(info, me)) {
    const refused: RefusedState = { refused: "reports", page: `the ${info.title} report` };
    return <Navigate to={HOME} replace state={refused} />;
  }
  const config = REPORT_PAGES[info.name];
  if (!config) return <LaterPage title={`${info.title} report`} />;
  return <ReportPage key={info.name} info={info} config={config} />;
}

import { useParams } from "react-router";
import { useMe } from "../../lib/me.ts";
import { NotFoundPanel } from "../../ui/detail/NotFoundPanel.tsx";
import LaterPage from "../later/LaterPage.tsx";
import { ReportPage } from "./ReportPage.tsx";
import { findReport } from "./report-list.ts";
import { REPORT_PAGES } from "./report-pages.ts";

/**
 * /Reports/:report: the report's page, or the not-found panel for a name that is no report and
 * for one the viewer may not open alike. The key remounts the page when the report changes.
 */
export default function ReportRoutePage() {
  const { report } = useParams();
  const info = findReport(report, useMe());
  if (!info) return <NotFoundPanel what="Report" backTo="/Reports" backLabel="All reports" />;
  const config = REPORT_PAGES[info.name];
  if (!config) return <LaterPage title={`${info.title} report`} />;
  return <ReportPage key={info.name} info={info} config={config} />;
}

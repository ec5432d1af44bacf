/**
 * What one report page is made of: its filters, how it loads a page of rows (and the chart's
 * numbers), its columns and its export. ReportPage draws every report from one of these; each
 * report is a small file under pages/.
 */
import type { ReactNode } from "react";
import type { Graph } from "../../ui/charts/graph-table.ts";
import type { GridColumn } from "../../ui/grid/DataGrid.tsx";
import type { GridDefaults, GridParams } from "../../ui/grid/grid-params.ts";
import type { RowId } from "../../ui/grid/selection.ts";
import type { OptionSource } from "./option-queries.ts";
import type { FilterKey, ReportFilters } from "./report-filters.ts";
import type { ReportName } from "./report-list.ts";

export interface ReportChart {
  graph: Graph;
  /** The chart's heading and its table's caption. */
  caption: string;
  /** The header of the labels' column of the table twin ("Range", "Hour"). */
  labelHeader: string;
  type?: "stacked" | "default";
  /** Series not named after statuses (APA, check-ins): their words and colours. */
  series?: readonly { name: string; label: string; color: string }[];
  /** What to say when every number is 0. */
  emptyText?: string;
  /** The table twin's Total column (off for percentages). */
  withTotal?: boolean;
  /** Labels without data, drawn and read as "No data", not 0 (StatusBarChart). */
  markNoData?: boolean | readonly boolean[];
  /** What "No data" means in this report. */
  noDataNote?: string;
  /** Bars across, every label beside its bar: for names (StatusBarChart). */
  across?: boolean;
}

export interface ReportResult<Row> {
  rows: readonly Row[];
  total: number;
  chart?: ReportChart | null;
  /** Columns that depend on the answer (the Class report's one column per session). */
  columns?: readonly GridColumn<Row>[];
  /** The date range the server used when the filters left it open (the Class report's semester). */
  range?: { start_date: string; end_date: string } | null;
  /** Figures over the whole result, shown above the grid ("Participants over the day: 12"). */
  summary?: readonly { label: string; value: string }[];
}

export interface ReportContext {
  /** The school's time zone, for dates and times. */
  timeZone: string;
}

export interface ReportConfig<Row> {
  name: ReportName;
  /** The filters the page shows and keeps in the URL, in this order. */
  filters: readonly FilterKey[];
  /** Filters without which the report cannot run (the server refuses the call). */
  required?: readonly FilterKey[];
  /** A rule over several filters ("a group or a class"): what to choose, or null when ready. */
  ready?: (f: ReportFilters) => string | null;
  /** Filled into the URL when the page opens without them (a date range ending today). */
  defaults?: (today: string) => Partial<ReportFilters>;
  /** What the uuid filter picks. */
  uuidSource?: Exclude<OptionSource, "location">;
  /** The choices of the mode filter. */
  modes?: readonly { value: string; label: string }[];
  grid: GridDefaults;
  /** The grid's caption (its accessible name). */
  caption: string;
  /**
   * What the total above the grid counts, when its rows are not the report's records: the
   * Facility report's rows are the day's 24 hours, whatever happened in them ("Total: 24 hours",
   * not a bare "Total: 24" that reads as 24 participants on a day without any). [one, many].
   */
  totalNoun?: readonly [string, string];
  columns: (ctx: ReportContext) => readonly GridColumn<Row>[];
  rowKey: (row: Row) => RowId;
  load: (f: ReportFilters, g: GridParams) => Promise<ReportResult<Row>>;
  /** The file name offered when the server names none. */
  file: string;
  /** Off for reports the server cannot export. */
  exportable?: boolean;
  /**
   * More controls next to Export (Print), given why the report cannot run yet (null when it can):
   * like Export, Print waits for the filters (a print of "Choose groups or classes" is no list).
   */
  actions?: (blocked: string | null) => ReactNode;
}

import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { RequestError } from "../../lib/http.ts";
import { DataGrid } from "../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../ui/grid/useGridParams.ts";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { ExportButton } from "./ExportButton.tsx";
import "./print.css";
import { todayIn, useSchoolZone } from "./queries.ts";
import { ReportChartSection } from "./ReportChartSection.tsx";
import { ReportFilterBar, UUID_LABEL } from "./ReportFilterBar.tsx";
import type { ReportConfig } from "./report-config.ts";
import {
  exportPath,
  FILTER_LABELS,
  type FilterKey,
  inFilterWords,
  missingFilters,
  parseReportFilters,
  type ReportFilters,
  rangeProblem,
  shownFilters,
  withReportFilters,
} from "./report-filters.ts";
import type { ReportInfo } from "./report-list.ts";

const FILTER_WORDS: Record<FilterKey, string> = {
  classes: "classes",
  start_date: "a start date",
  end_date: "an end date",
  location_id: "a location",
  uuid: "what to report on",
  attendable_type: "a kind",
  mode: "what to show",
  date: "a day",
  teams: "groups",
  courses: "classes",
};

const UUID_WORDS = { course: "a class", team: "a group", event: "an event", student: "a participant" } as const;

/** The total above the grid: "10,716", or with what it counts, "24 hours". */
const totalText = (total: number, noun?: readonly [string, string]) =>
  noun ? `${formatCount(total)} ${total === 1 ? noun[0] : noun[1]}` : formatCount(total);

/** "a, b and c". */
const listWords = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/**
 * One report: its filters (in the URL), the chart where numbers are compared (with its table
 * twin), the grid with the total, and Export CSV of the whole result. Every report page is this
 * component with the report's config (pages/*.tsx).
 */
export function ReportPage<Row>({ info, config }: { info: ReportInfo; config: ReportConfig<Row> }) {
  const grid = useGridParams(config.grid);
  const [query] = useSearchParams();
  const keys = config.filters;
  const filters = useMemo(() => parseReportFilters(query, keys, config.modes), [query, keys, config.modes]);
  const zone = useSchoolZone();
  const missing = missingFilters(filters, config.required ?? []);
  const range = rangeProblem(filters);
  const words = (k: FilterKey) => (k === "uuid" && config.uuidSource ? UUID_WORDS[config.uuidSource] : FILTER_WORDS[k]);
  const choose =
    missing.length > 0
      ? `Choose ${listWords(missing.map(words))} to see this report.`
      : (config.ready?.(filters) ?? null);
  const ready = choose === null && range === null;
  const blocked = ready ? null : "Choose the report's filters first.";

  const setFilters = (patch: Partial<ReportFilters>) => grid.updateQuery((q) => withReportFilters(q, keys, patch));

  // a report that needs dates opens on a range ending today, written into the URL (replace: the
  // back button leaves the report rather than undoing a default)
  useEffect(() => {
    if (!zone || !config.defaults) return;
    const defaults = config.defaults(todayIn(zone));
    const empty = Object.entries(defaults).filter(([k]) => missingFilters(filters, [k as FilterKey]).length > 0);
    if (empty.length === 0) return;
    grid.updateQuery((q) => withReportFilters(q, keys, Object.fromEntries(empty)), { replace: true });
  }, [zone, config, filters, keys, grid.updateQuery]);

  const result = useQuery({
    queryKey: ["reports", config.name, filters, grid.params],
    queryFn: () => config.load(filters, grid.params),
    enabled: ready,
    placeholderData: keepPreviousData,
  });

  const serverField =
    result.error instanceof RequestError ? (Object.keys(result.error.errors)[0] as FilterKey | undefined) : undefined;
  // the server names a filter by its key ("location_id is required"): said with the bar's labels
  const labels = config.uuidSource ? { ...FILTER_LABELS, uuid: UUID_LABEL[config.uuidSource] } : FILTER_LABELS;
  const serverMessage = result.error ? inFilterWords(result.error.message, labels) : "";
  const errors: Partial<Record<FilterKey, string>> = {};
  if (range) errors[range.field] = range.message;
  if (serverField && result.error) errors[serverField] = serverMessage;

  const timeZone = zone ?? "UTC";
  const ownColumns = useMemo(() => config.columns({ timeZone }), [config, timeZone]);
  const title = `${info.title} report`;
  const data = ready ? result.data : undefined;
  const columns = data?.columns ?? ownColumns;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/Reports" size="sm" data-report-noprint>
        All reports
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageHeading>{title}</PageHeading>
        <Group gap="sm" data-report-noprint>
          {config.actions?.(blocked)}
          {config.exportable !== false && (
            <ExportButton
              report={config.name}
              title={info.title}
              path={exportPath(config.name, filters, keys, grid.params)}
              file={config.file}
              blocked={blocked}
            />
          )}
        </Group>
      </Group>
      <Text>{info.description}</Text>

      <ReportFilterBar
        config={config as ReportConfig<unknown>}
        title={info.title}
        filters={shownFilters(filters, data?.range)}
        onChange={setFilters}
        errors={errors}
      />

      {/* a polite status, not Mantine's default alert: opening a report is no emergency, and an
          alert was read out over the page's title at every visit */}
      {choose && (
        <Alert color="blue" title="Choose the filters" role="status">
          {choose}
        </Alert>
      )}

      {ready && data?.chart && <ReportChartSection chart={data.chart} />}

      {ready && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {config.caption}
          </Title>
          <Group gap="lg" wrap="wrap">
            {/* a refused call has no total: not a "…" that reads as still loading beside its error */}
            {!result.isError && (
              <Text size="sm" data-testid="report-total">
                {/* the previous answer's total is not this filter's: "…" until the new one lands */}
                Total: {data && !result.isPlaceholderData ? totalText(data.total, config.totalNoun) : "…"}
              </Text>
            )}
            {data?.summary?.map((s) => (
              <Text size="sm" key={s.label}>
                {s.label}: {s.value}
              </Text>
            ))}
          </Group>
          <DataGrid
            caption={config.caption}
            columns={columns}
            rows={data?.rows}
            total={data?.total}
            rowKey={config.rowKey}
            grid={grid}
            loading={result.isPending || result.isPlaceholderData}
            error={result.isError && !serverField ? result.error.message : null}
          />
        </Stack>
      )}
      {ready && result.isError && serverField && (
        <Alert color="red" role="alert" title="The report could not be run">
          {serverMessage}
        </Alert>
      )}
    </Stack>
  );
}

import { Box, Group, NativeSelect, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { DateField, DateRangeField } from "../../ui/dates/DatePicker.tsx";
import type { ReportConfig } from "./report-config.ts";
import type { FilterKey, ReportFilters } from "./report-filters.ts";
import { SearchMultiPicker, SearchPicker } from "./SearchPicker.tsx";

/** The label of the uuid filter, by what it picks. */
export const UUID_LABEL = { course: "Class", team: "Group", event: "Event", student: "Participant" } as const;

export interface ReportFilterBarProps {
  config: ReportConfig<unknown>;
  title: string;
  filters: ReportFilters;
  onChange: (patch: Partial<ReportFilters>) => void;
  /** A problem per filter (missing, reversed range, the server's word). */
  errors: Partial<Record<FilterKey, string>>;
}

/**
 * The filters a report uses, each a labelled control writing to the URL: the date range
 * (month/day/year), classes, location, the chosen class/group/participant, mode, a day, groups
 * and courses. A form with role="search", named after the report.
 */
export function ReportFilterBar({ config, title, filters, onChange, errors }: ReportFilterBarProps) {
  const uses = new Set(config.filters);
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const required = new Set(config.required ?? []);
  const uuidSource = config.uuidSource;
  return (
    <Box
      component="form"
      data-report-noprint
      role="search"
      aria-label={`Filter the ${title} report`}
      onSubmit={(e) => e.preventDefault()}
    >
      <Stack gap="xs">
        <Group align="start" gap="sm" wrap="wrap">
          {uses.has("attendable_type") && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="attendable-type-label">
                Kind
              </Text>
              <SegmentedControl
                aria-labelledby="attendable-type-label"
                value={filters.attendable_type ?? "course"}
                onChange={(v) => onChange({ attendable_type: v === "event" ? "event" : "course" })}
                data={[
                  { value: "course", label: "Class" },
                  { value: "event", label: "Event" },
                ]}
              />
            </Stack>
          )}
          {uses.has("uuid") && uuidSource && (
            <SearchPicker
              source={uuidSource}
              label={UUID_LABEL[uuidSource]}
              by="uuid"
              value={filters.uuid}
              onChange={(uuid) => onChange({ uuid })}
              required={required.has("uuid")}
              error={errors.uuid}
            />
          )}
          {uses.has("start_date") && uses.has("end_date") && (
            <Box w={{ base: "100%", xs: 320 }}>
              <DateRangeField
                label="Dates"
                description="Month/day/year"
                value={draft ?? [filters.start_date, filters.end_date]}
                required={required.has("start_date")}
                errors={{ start: errors.start_date, end: errors.end_date }}
                onChange={([start, end]) => {
                  // a range with one end only (being picked, or the other at fault) is not a filter yet: it waits here
                  if ((start && end) || (!start && !end)) {
                    setDraft(null);
                    onChange({ start_date: start, end_date: end });
                  } else setDraft([start, end]);
                }}
              />
            </Box>
          )}
          {uses.has("date") && (
            <DateField
              label="Day"
              description="Month/day/year"
              value={filters.date}
              required={required.has("date")}
              clearable={!required.has("date")}
              error={errors.date}
              onChange={(date) => onChange({ date })}
            />
          )}
          {uses.has("mode") && config.modes && (
            <NativeSelect
              label="Show"
              value={filters.mode ?? ""}
              error={errors.mode}
              onChange={(e) => onChange({ mode: e.currentTarget.value || null })}
              data={[...(filters.mode ? [] : [{ value: "", label: "Pick one" }]), ...config.modes]}
            />
          )}
          {uses.has("location_id") && (
            <SearchPicker
              source="location"
              label="Location"
              by="id"
              value={filters.location_id === null ? null : String(filters.location_id)}
              onChange={(v) => onChange({ location_id: v ? Number(v) : null })}
              required={required.has("location_id")}
              error={errors.location_id}
            />
          )}
          {uses.has("classes") && (
            <SearchMultiPicker
              source="course"
              label="Classes"
              value={filters.classes}
              onChange={(classes) => onChange({ classes })}
              error={errors.classes}
            />
          )}
          {uses.has("teams") && (
            <SearchMultiPicker
              source="team"
              label="Groups"
              value={filters.teams}
              onChange={(teams) => onChange({ teams })}
              required={required.has("teams")}
              // these lists pick the rows (the Tokens report): nothing chosen is no row, not all of them
              noneMeansNone
              error={errors.teams}
            />
          )}
          {uses.has("courses") && (
            <SearchMultiPicker
              source="course"
              label="Classes"
              value={filters.courses}
              onChange={(courses) => onChange({ courses })}
              required={required.has("courses")}
              // these lists pick the rows (the Tokens report): nothing chosen is no row, not all of them
              noneMeansNone
              error={errors.courses}
            />
          )}
        </Group>
      </Stack>
    </Box>
  );
}

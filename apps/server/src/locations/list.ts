import type { ChartData } from "@rollbook/domain";
import { asc, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { foldedContains } from "../db/folded-contains.ts";
import { courses, locations } from "../db/schema/index.ts";
import { type PageArgs, paging, searchTerm, sortColumn } from "../graphql/paging.ts";
import { schoolToday } from "../reports/common.ts";
import { checkFacilityDate, facilityReport } from "../reports/facility.ts";
import type { LocationRow } from "./write.ts";

/** The Locations tab: the school's live locations, searched by name, sorted by name (default) or id. */
export async function listLocations(
  data: Scoped,
  args: PageArgs & { query?: string | null },
): Promise<{ data: LocationRow[]; total: number }> {
  const p = paging(args);
  const col = sortColumn(args.sort_by, { name: byName(locations.name), id: locations.id }, "name");
  const q = searchTerm(args.query);
  const where: SQL | undefined = q ? foldedContains(sql`${locations.name}`, q) : undefined;
  return data.page("locations", {
    where,
    orderBy: [p.dir === "asc" ? asc(col) : desc(col), asc(locations.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}

/** Live classes per location of a page, in one statement. */
export function coursesCount(data: Scoped, locationId: number): Promise<number> {
  const loader = data.loader<number, number>("location.courses_count", async (ids) => {
    const counts = await data.countBy<"courses", number>(
      "courses",
      courses.location_id,
      inArray(courses.location_id, [...ids]),
    );
    return ids.map((id) => counts.get(id) ?? 0);
  });
  return loader.load(locationId);
}

/**
 * The location's activity_graph (spec section 3): students and pings per hour of one day in the
 * school's zone (today by default), the Facility report's figures (reports/facility.ts) as chart
 * data. A report of one location: the detail page asks for it, the list does not.
 */
export async function activityGraph(data: Scoped, location: LocationRow, date?: string | null): Promise<ChartData> {
  const day = date == null ? (await schoolToday(data)).today : checkFacilityDate(date);
  const r = await facilityReport(data, { location_id: location.id, date: day });
  return {
    labels: r.hours.map((h) => `${String(h.hour).padStart(2, "0")}:00`),
    datasets: [
      { label: "Students", data: r.hours.map((h) => h.students) },
      { label: "Pings", data: r.hours.map((h) => h.pings) },
    ],
  };
}

import { useQuery } from "@tanstack/react-query";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

const ReportSchoolDocument = graphql(`
  query reportSchool {
    school {
      id
      timezone
    }
  }
`);

/** The school's time zone (null while loading): report dates and times are the school's, not the browser's. */
export function useSchoolZone(): string | null {
  const q = useQuery({
    queryKey: ["reports", "school"],
    queryFn: () => execute(ReportSchoolDocument),
    staleTime: 5 * 60_000,
  });
  return q.data ? q.data.school.timezone || "UTC" : null;
}

/** Today's date ("YYYY-MM-DD") in the school's zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

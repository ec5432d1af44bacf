import { publishRows } from "../realtime/publish-row.ts";
import type { Services } from "../services.ts";

/**
 * After a registration's commit: the courses its invitation assigned the new user (invitations
 * carry courses only, a OneRoster enrollment's) get `course.update`, as attachUsers sends
 * (links/users.ts), so their pages' staff and the lists of whoever sees them refetch. One message
 * per 1,000 courses, none when the invitation assigned nothing new.
 */
export async function publishRegistration(s: Pick<Services, "bus" | "log">, schoolId: number, courses: number[]) {
  await publishRows(s, "course.update", schoolId, courses);
}

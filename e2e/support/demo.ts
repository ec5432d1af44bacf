import { ROLES, type RoleName } from "@rollbook/domain";
import type { Api } from "./api.ts";

export type { RoleName };

/** The demo school's sign-ins, as the server prints them on first start. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "rollbook-demo";
export const demoEmail = (role: RoleName) => `${role}@demo.rollbook.test`;
export const DEMO_ROLES = ROLES;

/** The second school's own admin: nobody else signs in as it, so flows may change its password. */
export const LAKESIDE_ADMIN = "school_admin@lakeside.demo.rollbook.test";
export const DEMO_SCHOOL = "Rollbook Demo High School";
export const SECOND_SCHOOL = "Lakeside Demo College";
/** The demo school's zone (apps/server seed/demo.ts DEMO_TZ): its day, its sessions' clock. */
export const DEMO_TZ = "America/New_York";

const ALL = ["Dashboard", "Participants", "Recurring", "Singular", "Groups", "Reports", "Users", "Settings"];
const without = (...gone: string[]) => ALL.filter((l) => !gone.includes(l));

/**
 * The sidebar each demo role must see, written out from spec section 2 (not computed by the app's
 * own table): Reports with access_reports (every demo role has it), Users for admin roles,
 * academic advisor, professor (judge) and coach (staff), Settings for admin roles only.
 */
export const EXPECTED_SIDEBAR: Record<RoleName, string[]> = {
  master_admin: ALL,
  school_owner: ALL,
  school_admin: ALL,
  athletics_admin: ALL,
  academic_advisor: without("Settings"),
  judge: without("Settings"),
  staff: without("Settings"),
  councelor: without("Users", "Settings"),
  case_manager: without("Users", "Settings"),
};

/** A demo course's uuid by its title (the demo has fewer than 100 courses). */
export async function demoCourseUuid(api: Api, token: string, title: string): Promise<string> {
  const r = await api.graphql<{ courses: { data: { uuid: string; title: string }[] } }>(
    token,
    "{ courses(per_page: 100) { data { uuid title } } }",
  );
  const course = r.courses.data.find((c) => c.title === title);
  if (!course) throw new Error(`the demo has no course "${title}"`);
  return course.uuid;
}

/**
 * A Professor of the demo school as the user and profile queries answer it, for tests that stub
 * them: override what the test is about.
 */
export function userFixture<T extends object>(patch: T = {} as T) {
  return {
    id: 12,
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@old.test",
    pending_email: null as string | null,
    phone_number: null as string | null,
    school_id: 1,
    role_id: 6,
    active: true,
    deleted_at: null as string | null,
    last_seen: null as string | null,
    prefers_sms: false,
    late_email: false,
    absent_email: false,
    tardy_absent_email: false,
    pindrop_email: false,
    daily_recap_email: false,
    weekly_startup_email: false,
    weekly_recap_email: false,
    higher_contrast: false,
    a11y_mode: false,
    alert_filter: [] as string[],
    role: { id: 6, display_name: "Professor" },
    assignedCourses: [],
    assignedEvents: [],
    assignedTeams: [],
    assignedStudents: [],
    ...patch,
  };
}

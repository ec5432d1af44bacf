/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type SwitchSchoolMutationVariables = Exact<{
  school_id: number;
}>;


export type SwitchSchoolMutation = { switchSchool: { id: number, name: string } };

export type CoursesListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
  query?: string | null | undefined;
  state?: string | null | undefined;
  in_session?: boolean | null | undefined;
}>;


export type CoursesListQuery = { school: { id: number, timezone: string, warning_percentage: number }, courses: { total: number, data: Array<{ id: number, uuid: string, title: string, crn: string | null, course_number: string | null, start_time: string, end_time: string, meet_sun: boolean, meet_mon: boolean, meet_tue: boolean, meet_wed: boolean, meet_thu: boolean, meet_fri: boolean, meet_sat: boolean, is_in_session: boolean, is_archived: boolean, deleted_at: string | null, students_count: number, apa: number | null, location: { id: number, name: string } | null }> } };

export type CourseDetailQueryVariables = Exact<{
  uuid: string;
}>;


export type CourseDetailQuery = { school: { id: number, timezone: string, warning_percentage: number }, course: { id: number, uuid: string, title: string, crn: string | null, course_number: string | null, location_id: number | null, start_time: string, end_time: string, semester_start: string | null, semester_end: string | null, is_indefinite: boolean, meet_sun: boolean, meet_mon: boolean, meet_tue: boolean, meet_wed: boolean, meet_thu: boolean, meet_fri: boolean, meet_sat: boolean, is_in_session: boolean, is_archived: boolean, deleted_at: string | null, locked: boolean, late_time: number | null, absent_time: number | null, min_percentage: number | null, alerts_students: boolean, manual_attendance: boolean, students_count: number, apa: number | null, calendar_url: string, location: { id: number, name: string } | null } };

export type CourseFiguresQueryVariables = Exact<{
  uuid: string;
}>;


export type CourseFiguresQuery = { course: { id: number, daily_attendance_graph: { labels: Array<string>, datasets: Array<{ label: string, data: Array<number> }> }, attendance_last_class: { label: string, value: number | null }, missed_last_class: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null }>, student_absent_streak: Array<{ streak: number, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null } }> } };

export type CourseRosterQueryVariables = Exact<{
  uuid: string;
}>;


export type CourseRosterQuery = { course: { id: number, roster: { start: string, end: string, meets: string, rows: Array<{ attendance_id: number | null, status: number | null, enter: string | null, exit: string | null, confidence: number | null, updated_at: string | null, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null } }> } | null } };

export type CreateCourseMutationVariables = Exact<{
  title: string;
  crn?: string | null | undefined;
  course_number?: string | null | undefined;
  subject?: string | null | undefined;
  location_id?: number | null | undefined;
  start_time: string;
  end_time: string;
  is_indefinite?: boolean | null | undefined;
  semester_start?: string | null | undefined;
  semester_end?: string | null | undefined;
  meet_sun?: boolean | null | undefined;
  meet_mon?: boolean | null | undefined;
  meet_tue?: boolean | null | undefined;
  meet_wed?: boolean | null | undefined;
  meet_thu?: boolean | null | undefined;
  meet_fri?: boolean | null | undefined;
  meet_sat?: boolean | null | undefined;
  late_time?: number | null | undefined;
  absent_time?: number | null | undefined;
  min_percentage?: number | null | undefined;
  alerts_students?: boolean | null | undefined;
  manual_attendance?: boolean | null | undefined;
}>;


export type CreateCourseMutation = { createCourse: { id: number, uuid: string, title: string } };

export type UpdateCourseMutationVariables = Exact<{
  id: number;
  title?: string | null | undefined;
  crn?: string | null | undefined;
  course_number?: string | null | undefined;
  subject?: string | null | undefined;
  location_id?: number | null | undefined;
  start_time?: string | null | undefined;
  end_time?: string | null | undefined;
  is_indefinite?: boolean | null | undefined;
  semester_start?: string | null | undefined;
  semester_end?: string | null | undefined;
  meet_sun?: boolean | null | undefined;
  meet_mon?: boolean | null | undefined;
  meet_tue?: boolean | null | undefined;
  meet_wed?: boolean | null | undefined;
  meet_thu?: boolean | null | undefined;
  meet_fri?: boolean | null | undefined;
  meet_sat?: boolean | null | undefined;
  late_time?: number | null | undefined;
  absent_time?: number | null | undefined;
  min_percentage?: number | null | undefined;
  alerts_students?: boolean | null | undefined;
  manual_attendance?: boolean | null | undefined;
  is_archived?: boolean | null | undefined;
}>;


export type UpdateCourseMutation = { updateCourse: { id: number, is_archived: boolean } };

export type RemoveCourseMutationVariables = Exact<{
  id: number;
}>;


export type RemoveCourseMutation = { removeCourse: { id: number, deleted_at: string | null } };

export type RestoreCourseMutationVariables = Exact<{
  id: number;
}>;


export type RestoreCourseMutation = { restoreCourse: { id: number, deleted_at: string | null } };

export type CourseEnrolStudentsMutationVariables = Exact<{
  course_id: number;
  student_ids: Array<number> | number;
}>;


export type CourseEnrolStudentsMutation = { addCourseToStudents: { student_ids: Array<number>, changed: number } };

export type CourseAddTeamMutationVariables = Exact<{
  course_id: number;
  team_id: number;
}>;


export type CourseAddTeamMutation = { addTeamToCourse: { student_ids: Array<number>, changed: number } };

export type CourseDetachStudentsMutationVariables = Exact<{
  attachable_id: number;
  student_ids: Array<number> | number;
}>;


export type CourseDetachStudentsMutation = { detachStudents: { student_ids: Array<number>, changed: number } };

export type CourseCancellationsQueryVariables = Exact<{
  course_id: number;
}>;


export type CourseCancellationsQuery = { cancellations: { total: number, data: Array<{ id: number, date: string, notes: string | null }> } };

export type CourseCreateCancellationMutationVariables = Exact<{
  course_id: number;
  date: string;
  notes?: string | null | undefined;
}>;


export type CourseCreateCancellationMutation = { createCancellation: { id: number, date: string } };

export type CourseRemoveCancellationMutationVariables = Exact<{
  id: number;
}>;


export type CourseRemoveCancellationMutation = { removeCancellation: { id: number } };

export type CourseUsersQueryVariables = Exact<{
  uuid: string;
}>;


export type CourseUsersQuery = { course: { id: number, users: Array<{ id: number, first_name: string, last_name: string, email: string, role_id: number, role: { id: number, display_name: string } }> } };

export type DashboardQueryVariables = Exact<{
  rows?: number | null | undefined;
}>;


export type DashboardQuery = { school: { id: number, name: string, address: string | null, phone: string | null, timezone: string }, students: { total: number, data: Array<{ id: number, uuid: string, first_name: string, last_name: string, email: string | null, semester_apa: number | null }> }, courses: { total: number, data: Array<{ id: number, uuid: string, title: string, start_time: string, end_time: string, location: { id: number, name: string } | null }> } };

export type RemoveFromDashboardMutationVariables = Exact<{
  id: number;
}>;


export type RemoveFromDashboardMutation = { removeFromDashboard: boolean };

export type CloseTaskMutationVariables = Exact<{
  id: number;
}>;


export type CloseTaskMutation = { closeTask: { id: number } };

export type LocationChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type LocationChoicesQuery = { locationChoices: Array<{ id: number, name: string }> };

export type EventsListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
  query?: string | null | undefined;
  state?: string | null | undefined;
}>;


export type EventsListQuery = { school: { id: number, timezone: string, warning_percentage: number }, events: { total: number, data: Array<{ id: number, uuid: string, title: string, date: string, start_time: string, end_time: string, capacity: number | null, visibility: string, attending_count: number, waitlist_count: number, is_in_session: boolean, deleted_at: string | null, location: { id: number, name: string } | null }> } };

export type EventDetailQueryVariables = Exact<{
  uuid: string;
}>;


export type EventDetailQuery = { school: { id: number, timezone: string, warning_percentage: number }, event: { id: number, uuid: string, ern: string | null, title: string, description: string | null, date: string, start_time: string, end_time: string, capacity: number | null, visibility: string, public_url: string | null, late_time: number | null, absent_time: number | null, min_percentage: number | null, drop_cutoff: number, alerts_students: boolean, required: boolean, attending_count: number, waitlist_count: number, is_in_session: boolean, deleted_at: string | null, restricted_by: number | null, location_id: number | null, restriction: { id: number, uuid: string, name: string } | null, location: { id: number, name: string } | null } };

export type CreateEventMutationVariables = Exact<{
  title: string;
  description?: string | null | undefined;
  date: string;
  start_time: string;
  end_time: string;
  location_id?: number | null | undefined;
  capacity?: number | null | undefined;
  visibility?: string | null | undefined;
  late_time?: number | null | undefined;
  absent_time?: number | null | undefined;
  min_percentage?: number | null | undefined;
  drop_cutoff?: number | null | undefined;
  alerts_students?: boolean | null | undefined;
  required?: boolean | null | undefined;
  restricted_by?: number | null | undefined;
}>;


export type CreateEventMutation = { createEvent: { id: number, uuid: string, title: string } };

export type UpdateEventMutationVariables = Exact<{
  id: number;
  title?: string | null | undefined;
  description?: string | null | undefined;
  date?: string | null | undefined;
  start_time?: string | null | undefined;
  end_time?: string | null | undefined;
  location_id?: number | null | undefined;
  capacity?: number | null | undefined;
  visibility?: string | null | undefined;
  late_time?: number | null | undefined;
  absent_time?: number | null | undefined;
  min_percentage?: number | null | undefined;
  drop_cutoff?: number | null | undefined;
  alerts_students?: boolean | null | undefined;
  required?: boolean | null | undefined;
  restricted_by?: number | null | undefined;
}>;


export type UpdateEventMutation = { updateEvent: { id: number } };

export type RemoveEventMutationVariables = Exact<{
  id: number;
}>;


export type RemoveEventMutation = { removeEvent: { id: number } };

export type RestoreEventMutationVariables = Exact<{
  id: number;
}>;


export type RestoreEventMutation = { restoreEvent: { id: number } };

export type EventFiguresQueryVariables = Exact<{
  uuid: string;
}>;


export type EventFiguresQuery = { event: { id: number, attendance_graph: { labels: Array<string>, datasets: Array<{ label: string, data: Array<number> }> }, missed_event: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null }> } };

export type EventRosterQueryVariables = Exact<{
  uuid: string;
}>;


export type EventRosterQuery = { event: { id: number, roster: { start: string, end: string, meets: string, rows: Array<{ attendance_id: number | null, status: number | null, enter: string | null, exit: string | null, confidence: number | null, updated_at: string | null, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null } }> } | null } };

export type EventScanCodeQueryVariables = Exact<{
  event_id: number;
}>;


export type EventScanCodeQuery = { scanCode: { code: string, expires_at: string } };

export type EventWaitlistQueryVariables = Exact<{
  uuid: string;
}>;


export type EventWaitlistQuery = { event: { id: number, waitlist: Array<{ position: number, created_at: string, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, school_identifier: string | null, email: string | null } }> } };

export type EventUpgradeStudentMutationVariables = Exact<{
  event_id: number;
  student_id: number;
}>;


export type EventUpgradeStudentMutation = { upgradeStudent: { in_waitlist: boolean } };

export type EventAddTeamMutationVariables = Exact<{
  event_id: number;
  team_id: number;
}>;


export type EventAddTeamMutation = { addTeamToEvent: { changed: number, student_ids: Array<number> } };

export type EventStudentsQueryVariables = Exact<{
  uuid: string;
}>;


export type EventStudentsQuery = { event: { id: number, students: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, email: string | null, school_identifier: string | null, semester_apa: number | null }> } };

export type EventUsersQueryVariables = Exact<{
  uuid: string;
}>;


export type EventUsersQuery = { event: { id: number, users: Array<{ id: number, first_name: string, last_name: string, email: string, role_id: number, role: { id: number, display_name: string } }> } };

export type EventTeamOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type EventTeamOptionsQuery = { teams: { data: Array<{ id: number, name: string }> } };

export type ImportsListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
}>;


export type ImportsListQuery = { imports: { total: number, data: Array<{ id: number, uuid: string, kind: string, status: string, progress: number, total_rows: number, error_count: number, created_at: string, finished_at: string | null, user: { id: number, first_name: string, last_name: string } | null }> }, school: { id: number, timezone: string } };

export type ImportOneQueryVariables = Exact<{
  uuid: string;
}>;


export type ImportOneQuery = { import: { id: number, uuid: string, kind: string, status: string, progress: number, total_rows: number, rejected_rows: number, created_at: string, finished_at: string | null, row_errors: Array<{ line: number, reason: string }>, user: { id: number, first_name: string, last_name: string } | null }, school: { id: number, timezone: string } };

export type PickStudentsQueryVariables = Exact<{
  query: string;
  per_page?: number | null | undefined;
}>;


export type PickStudentsQuery = { students: { total: number, data: Array<{ id: number, first_name: string, last_name: string, preferred_name: string | null, email: string | null, school_identifier: string | null }> } };

export type StaffFieldsFragment = { id: number, first_name: string, last_name: string, email: string, role_id: number, role: { id: number, display_name: string } };

export type LinksStaffCandidatesQueryVariables = Exact<{ [key: string]: never; }>;


export type LinksStaffCandidatesQuery = { me: { id: number, first_name: string, last_name: string, email: string, role_id: number, role: { id: number, display_name: string } }, courses: { data: Array<{ id: number, users: Array<{ id: number, first_name: string, last_name: string, email: string, role_id: number, role: { id: number, display_name: string } }> }> } };

export type LinksAttachUsersMutationVariables = Exact<{
  assignable_type: string;
  assignable_id: number;
  user_ids: Array<number> | number;
}>;


export type LinksAttachUsersMutation = { attachUsers: { changed: number, user_ids: Array<number> } };

export type LinksDetachUsersMutationVariables = Exact<{
  assignable_type: string;
  assignable_id: number;
  user_ids: Array<number> | number;
}>;


export type LinksDetachUsersMutation = { detachUsers: { changed: number, user_ids: Array<number> } };

export type LocationsListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
  query?: string | null | undefined;
}>;


export type LocationsListQuery = { locations: { total: number, data: Array<{ id: number, name: string, place_id: string | null, latitude: number | null, longitude: number | null, radius: number, beacons_count: number, courses_count: number }> } };

export type LocationDetailQueryVariables = Exact<{
  id: number;
  date?: string | null | undefined;
}>;


export type LocationDetailQuery = { location: { id: number, name: string, place_id: string | null, latitude: number | null, longitude: number | null, radius: number, note: string | null, beacons_count: number, courses_count: number, beacons: Array<{ id: number, name: string, factory_id: string, battery: number | null, active: boolean, last_seen: string | null }>, courses: Array<{ id: number, uuid: string, title: string }>, activity_graph: { labels: Array<string>, datasets: Array<{ label: string, data: Array<number> }> } }, school: { id: number, timezone: string } };

export type CreateLocationMutationVariables = Exact<{
  name: string;
  place_id?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  radius?: number | null | undefined;
  note?: string | null | undefined;
}>;


export type CreateLocationMutation = { createLocation: { id: number, name: string } };

export type UpdateLocationMutationVariables = Exact<{
  id: number;
  name?: string | null | undefined;
  place_id?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  radius?: number | null | undefined;
  note?: string | null | undefined;
}>;


export type UpdateLocationMutation = { updateLocation: { id: number, name: string } };

export type RemoveLocationMutationVariables = Exact<{
  id: number;
}>;


export type RemoveLocationMutation = { removeLocation: { id: number } };

export type AddBeaconsToLocationMutationVariables = Exact<{
  location_id: number;
  factory_ids: Array<string> | string;
}>;


export type AddBeaconsToLocationMutation = { addBeaconsToLocation: { id: number, beacons_count: number } };

export type ActivateBeaconMutationVariables = Exact<{
  id: number;
  active?: boolean | null | undefined;
}>;


export type ActivateBeaconMutation = { activateBeacon: { id: number, active: boolean } };

export type RemoveBeaconFromLocationMutationVariables = Exact<{
  id: number;
}>;


export type RemoveBeaconFromLocationMutation = { removeBeaconFromLocation: { id: number } };

export type ProfileQueryVariables = Exact<{ [key: string]: never; }>;


export type ProfileQuery = { me: { id: number, first_name: string, last_name: string, email: string, pending_email: string | null, phone_number: string | null, higher_contrast: boolean, a11y_mode: boolean, prefers_sms: boolean, late_email: boolean, absent_email: boolean, tardy_absent_email: boolean, pindrop_email: boolean, daily_recap_email: boolean, weekly_startup_email: boolean, weekly_recap_email: boolean, alert_filter: Array<string>, role: { id: number, display_name: string } } };

export type UpdateProfileMutationVariables = Exact<{
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  email?: string | null | undefined;
  phone_number?: string | null | undefined;
  higher_contrast?: boolean | null | undefined;
  a11y_mode?: boolean | null | undefined;
}>;


export type UpdateProfileMutation = { updateProfile: { id: number, higher_contrast: boolean, a11y_mode: boolean } };

export type UpdateOwnPasswordMutationVariables = Exact<{
  user_id: number;
  current_password: string;
  new_password: string;
}>;


export type UpdateOwnPasswordMutation = { updatePassword: boolean };

export type ReportStudentOptionsQueryVariables = Exact<{
  query?: string | null | undefined;
  per_page?: number | null | undefined;
}>;


export type ReportStudentOptionsQuery = { students: { data: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, email: string | null }> } };

export type ReportStudentLabelQueryVariables = Exact<{
  uuid: string;
}>;


export type ReportStudentLabelQuery = { student: { id: number, first_name: string, last_name: string, preferred_name: string | null, email: string | null } };

export type ReportCourseLabelQueryVariables = Exact<{
  uuid: string;
}>;


export type ReportCourseLabelQuery = { course: { id: number, title: string } };

export type ReportTeamLabelQueryVariables = Exact<{
  uuid: string;
}>;


export type ReportTeamLabelQuery = { team: { id: number, name: string } };

export type ReportEventLabelQueryVariables = Exact<{
  uuid: string;
}>;


export type ReportEventLabelQuery = { event: { id: number, title: string, date: string } };

export type ReportLocationChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportLocationChoicesQuery = { locationChoices: Array<{ id: number, name: string }> };

export type ReportLocationOptionsQueryVariables = Exact<{
  per_page?: number | null | undefined;
}>;


export type ReportLocationOptionsQuery = { courses: { data: Array<{ id: number, location: { id: number, name: string } | null }> } };

export type BeaconReportQueryVariables = Exact<{
  location_id?: number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type BeaconReportQuery = { beaconReport: { total: number, data: Array<{ id: number, name: string, factory_id: string, location_name: string | null, battery: number | null, last_seen: string | null, active: boolean }> } };

export type CancellationReportQueryVariables = Exact<{
  start_date: string;
  end_date: string;
  classes?: Array<number> | number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type CancellationReportQuery = { cancellationReport: { total: number, data: Array<{ id: number, kind: string, title: string, course_id: number | null, start_date: string, end_date: string, notes: string | null }> } };

export type CanvasReportQueryVariables = Exact<{
  start_date: string;
  end_date: string;
  classes?: Array<number> | number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type CanvasReportQuery = { canvasReport: { total: number, data: Array<{ student_id: number, student_uuid: string, first_name: string, last_name: string, school_identifier: string | null, course_id: number, course_title: string, crn: string | null, attended: number, missed: number, percentage: number | null }> } };

export type ClassReportQueryVariables = Exact<{
  uuid: string;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type ClassReportQuery = { courseReport: { total: number, start_date: string, end_date: string, course: { id: number, uuid: string, title: string }, sessions: Array<{ date: string, cancelled: string | null }>, by_status: Array<{ status: number, count: number }>, data: Array<{ apa: number | null, statuses: Array<number | null>, counts: { present: number, late: number, absent: number, excused: number }, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, school_identifier: string | null } }> } };

export type EventReportQueryVariables = Exact<{
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type EventReportQuery = { eventReport: { total: number, data: Array<{ id: number, uuid: string, title: string, date: string, attending: number, waitlisted: number, attended: number, missed: number }> } };

export type FacilityReportQueryVariables = Exact<{
  location_id: number;
  date: string;
}>;


export type FacilityReportQuery = { facilityReport: { date: string, location_name: string, students: number, pings: number, timezone: string, hours: Array<{ hour: number, students: number, pings: number }> } };

export type LastAttendanceReportQueryVariables = Exact<{
  classes?: Array<number> | number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type LastAttendanceReportQuery = { lastAttendanceReport: { total: number, data: Array<{ last_attended: string | null, days_since: number | null, course: { id: number, uuid: string, title: string }, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, school_identifier: string | null } }> } };

export type PresenceReportQueryVariables = Exact<{
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  location_id?: number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type PresenceReportQuery = { presenceReport: { total: number, from: string, to: string, data: Array<{ student_id: number, student_uuid: string, first_name: string, last_name: string, location_id: number, location_name: string, first_seen: string, last_seen: string, pings: number }> } };

export type SetupReportQueryVariables = Exact<{
  mode: string;
  classes?: Array<number> | number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type SetupReportQuery = { setupReport: { total: number, data: Array<{ id: number, uuid: string, kind: string, name: string, detail: string | null, last_seen: string | null }> } };

export type StatusReportQueryVariables = Exact<{
  start_date: string;
  end_date: string;
  classes?: Array<number> | number | null | undefined;
  location_id?: number | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type StatusReportQuery = { statusReport: { total: number, by_status: Array<{ status: number, count: number }>, data: Array<{ id: number, meets: string, status: number, enter: string | null, exit: string | null, attendable_type: string, attendable_title: string, attendable_uuid: string | null, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null } | null }> } };

export type StudentReportQueryVariables = Exact<{
  uuid: string;
  attendable_type: string;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type StudentReportQuery = { studentReport: { total: number, by_status: Array<{ status: number, count: number }>, data: Array<{ id: number, meets: string, status: number, enter: string | null, exit: string | null, attendable_type: string, attendable_title: string, attendable_uuid: string | null }> } };

export type TeamReportQueryVariables = Exact<{
  uuid: string;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type TeamReportQuery = { teamReport: { total: number, apa: number | null, travel: number, missed: number, start_date: string, end_date: string, team: { id: number, name: string }, data: Array<{ apa: number | null, travel: number, missed: number, counts: { present: number, late: number, absent: number, excused: number }, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, school_identifier: string | null } }> } };

export type TokenReportQueryVariables = Exact<{
  teams: Array<number> | number;
  courses: Array<number> | number;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
}>;


export type TokenReportQuery = { tokenReport: { total: number, data: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, school_identifier: string | null, token: string }> } };

export type ReportSchoolQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportSchoolQuery = { school: { id: number, timezone: string } };

export type GlobalSearchQueryVariables = Exact<{
  query: string;
  per_page?: number | null | undefined;
}>;


export type GlobalSearchQuery = { search: { students: Array<{ uuid: string, firstName: string, lastName: string, email: string | null }>, courses: Array<{ uuid: string, title: string, startTime: string, endTime: string, days: string }>, teams: Array<{ id: number, uuid: string, name: string }>, events: Array<{ uuid: string, title: string, date: string }> } };

export type SchoolSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SchoolSettingsQuery = { school: { id: number, name: string, address: string | null, contact_person: string | null, phone: string | null, email: string | null, support_email: string | null, late_time: number, absent_time: number, leave_time: number, warning_percentage: number, timezone: string, token_pattern: string, student_cap: number | null, allow_user_invite: boolean, closures: Array<{ id: number, title: string, start_date: string, end_date: string }> } };

export type UpdateSchoolMutationVariables = Exact<{
  id: number;
  name?: string | null | undefined;
  address?: string | null | undefined;
  contact_person?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  support_email?: string | null | undefined;
  late_time?: number | null | undefined;
  absent_time?: number | null | undefined;
  leave_time?: number | null | undefined;
  warning_percentage?: number | null | undefined;
  timezone?: string | null | undefined;
  token_pattern?: string | null | undefined;
  student_cap?: number | null | undefined;
  allow_user_invite?: boolean | null | undefined;
}>;


export type UpdateSchoolMutation = { updateSchool: { id: number, name: string } };

export type CreateSchoolMutationVariables = Exact<{
  name: string;
  timezone?: string | null | undefined;
}>;


export type CreateSchoolMutation = { createSchool: { id: number, name: string } };

export type CreateClosureMutationVariables = Exact<{
  title: string;
  start_date: string;
  end_date: string;
}>;


export type CreateClosureMutation = { createClosure: { id: number, title: string } };

export type RemoveClosureMutationVariables = Exact<{
  id: number;
}>;


export type RemoveClosureMutation = { removeClosure: { id: number } };

export type StudentAttendanceHeadingQueryVariables = Exact<{
  uuid: string;
}>;


export type StudentAttendanceHeadingQuery = { school: { id: number, timezone: string }, student: { id: number, uuid: string, first_name: string, last_name: string, courses: Array<{ id: number, uuid: string, title: string }>, events: Array<{ event: { id: number, uuid: string, title: string } }> }, statuses: { data: Array<{ id: number, name: string }> } };

export type StudentAttendanceQueryVariables = Exact<{
  student_id: number;
  attendable_uuid: string;
  attendable_type: string;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
}>;


export type StudentAttendanceQuery = { attendance: { total: number, data: Array<{ id: number, meets: string, status: number, enter: string | null, exit: string | null, percentage: number, confidence: number | null, unconfirmed_status: number | null, lock: boolean, finished: boolean, attendable_title: string, location: { id: number, name: string, latitude: number | null, longitude: number | null, radius: number | null } | null, evidence: Array<{ kind: string, summary: string, effect: number, pings: number }>, activity: Array<{ id: number, event: string, created_at: string }>, overrides: Array<{ id: number, old_status: number, new_status: number, created_at: string, user: { id: number, first_name: string, last_name: string } | null }>, coordinates: Array<{ id: number, latitude: number | null, longitude: number | null, created_at: string, bluetooth: boolean }> }> } };

export type StudentAttendanceOverrideMutationVariables = Exact<{
  id: number;
  status: number;
}>;


export type StudentAttendanceOverrideMutation = { updateAttendance: { id: number, status: number, lock: boolean } };

export type StudentDetailQueryVariables = Exact<{
  uuid: string;
}>;


export type StudentDetailQuery = { school: { id: number, timezone: string, warning_percentage: number }, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, email: string | null, phone: string | null, school_identifier: string | null, age: number | null, pid_number: string | null, zip: string | null, date_of_birth: string | null, is_veteran: boolean | null, housing: string | null, employment: string | null, sexual_identity: string | null, gender: string | null, sex: string | null, race: string | null, deleted_at: string | null, last_seen: string | null, weekly_apa: number | null, semester_apa: number | null, token: string | null, offline_code: string | null, offline_code_uri: string | null, device: { id: number, type: string | null, os_version: string | null, app_version: string | null, model_name: string | null, location_permission: boolean, bluetooth_permission: boolean, created_at: string, updated_at: string } | null, signed_out_device: { id: number, type: string | null, model_name: string | null, signed_out_at: string | null } | null, courses: Array<{ id: number, uuid: string, title: string }>, events: Array<{ in_waitlist: boolean, status: number | null, event: { id: number, uuid: string, title: string, date: string, start_time: string, end_time: string } }>, excuses: Array<{ id: number, date: string, notes: string | null, attendable_id: number | null, attendable_type: string | null, attendable_title: string, created_at: string }>, course_stats: Array<{ apa: number | null, week_apa: number | null, attended: number, missed: number, last_attended: string | null, missed_streak: number, course: { id: number, uuid: string, title: string, start_time: string, end_time: string } }>, now: { attendable_type: string, attendable_uuid: string, title: string, start_time: string, end_time: string, status: number, enter: string | null, last_ping_at: string | null, location_name: string | null, inside: boolean | null } | null } };

export type StudentNotesQueryVariables = Exact<{
  student_uuid: string;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
}>;


export type StudentNotesQuery = { notes: { total: number, data: Array<{ id: number, message: string, created_at: string, user: { id: number, first_name: string, last_name: string } | null }> } };

export type StudentDetailUpdateMutationVariables = Exact<{
  id: number;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  preferred_name?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  school_identifier?: string | null | undefined;
  age?: number | null | undefined;
  pid_number?: string | null | undefined;
  zip?: string | null | undefined;
  date_of_birth?: string | null | undefined;
  is_veteran?: boolean | null | undefined;
  housing?: string | null | undefined;
  employment?: string | null | undefined;
  sexual_identity?: string | null | undefined;
  gender?: string | null | undefined;
  sex?: string | null | undefined;
  race?: string | null | undefined;
}>;


export type StudentDetailUpdateMutation = { updateStudent: { id: number } };

export type StudentDetailRemoveMutationVariables = Exact<{
  id: number;
}>;


export type StudentDetailRemoveMutation = { removeStudent: { id: number } };

export type StudentDetailRestoreMutationVariables = Exact<{
  id: number;
}>;


export type StudentDetailRestoreMutation = { restoreStudent: { id: number } };

export type StudentDetailResetTokenMutationVariables = Exact<{
  id: number;
  send_email?: boolean | null | undefined;
}>;


export type StudentDetailResetTokenMutation = { resetStudentToken: { id: number } };

export type StudentDetailReleaseDeviceMutationVariables = Exact<{
  student_id: number;
  device_id?: number | null | undefined;
}>;


export type StudentDetailReleaseDeviceMutation = { releaseDevice: { id: number } };

export type StudentDetailCreateNoteMutationVariables = Exact<{
  student_uuid: string;
  message: string;
}>;


export type StudentDetailCreateNoteMutation = { createNote: { id: number } };

export type StudentDetailCreateExcuseMutationVariables = Exact<{
  student_id: number;
  date: string;
  attendable_id: number;
  attendable_type: string;
  notes?: string | null | undefined;
}>;


export type StudentDetailCreateExcuseMutation = { createExcuse: { id: number } };

export type StudentDetailRemoveExcuseMutationVariables = Exact<{
  id: number;
}>;


export type StudentDetailRemoveExcuseMutation = { removeExcuse: { id: number } };

export type RemoveStudentsMutationVariables = Exact<{
  student_ids: Array<number> | number;
}>;


export type RemoveStudentsMutation = { removeStudents: { student_ids: Array<number>, changed: number } };

export type RestoreStudentsMutationVariables = Exact<{
  student_ids: Array<number> | number;
}>;


export type RestoreStudentsMutation = { restoreStudents: { student_ids: Array<number>, changed: number } };

export type ResetStudentsTokensMutationVariables = Exact<{
  student_ids: Array<number> | number;
  send_email?: boolean | null | undefined;
}>;


export type ResetStudentsTokensMutation = { resetStudentsTokens: { student_ids: Array<number>, changed: number } };

export type AddCourseToStudentsMutationVariables = Exact<{
  course_id: number;
  student_ids: Array<number> | number;
}>;


export type AddCourseToStudentsMutation = { addCourseToStudents: { student_ids: Array<number>, changed: number } };

export type AddStudentsToTeamMutationVariables = Exact<{
  team_id: number;
  student_ids: Array<number> | number;
}>;


export type AddStudentsToTeamMutation = { addStudentsToTeam: { student_ids: Array<number>, changed: number } };

export type AddStudentsToEventMutationVariables = Exact<{
  event_id: number;
  student_ids: Array<number> | number;
}>;


export type AddStudentsToEventMutation = { addStudentsToEvent: { student_ids: Array<number>, changed: number } };

export type CreateStudentMutationVariables = Exact<{
  first_name: string;
  last_name: string;
  preferred_name?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  school_identifier?: string | null | undefined;
}>;


export type CreateStudentMutation = { createStudent: { id: number, uuid: string } };

export type StudentsListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
  query?: string | null | undefined;
  state?: string | null | undefined;
  relation?: string | null | undefined;
  relation_uuid?: string | null | undefined;
}>;


export type StudentsListQuery = { school: { id: number, timezone: string, warning_percentage: number }, students: { total: number, data: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null, email: string | null, school_identifier: string | null, weekly_apa: number | null, semester_apa: number | null, last_seen: string | null, deleted_at: string | null, device_id: number | null, device: { id: number, location_permission: boolean, bluetooth_permission: boolean } | null }> } };

export type CourseOptionsQueryVariables = Exact<{
  query?: string | null | undefined;
  per_page?: number | null | undefined;
}>;


export type CourseOptionsQuery = { courses: { total: number, data: Array<{ id: number, uuid: string, title: string }> } };

export type TeamOptionsQueryVariables = Exact<{
  query?: string | null | undefined;
  per_page?: number | null | undefined;
}>;


export type TeamOptionsQuery = { teams: { data: Array<{ id: number, uuid: string, name: string }> } };

export type EventOptionsQueryVariables = Exact<{
  query?: string | null | undefined;
  per_page?: number | null | undefined;
}>;


export type EventOptionsQuery = { events: { data: Array<{ id: number, uuid: string, title: string, date: string }> } };

export type TeamsListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
  query?: string | null | undefined;
  state?: string | null | undefined;
}>;


export type TeamsListQuery = { school: { id: number, timezone: string, warning_percentage: number }, teams: { total: number, data: Array<{ id: number, uuid: string, name: string, tag: string | null, is_sport: boolean, visibility: string, students_count: number, apa: number | null, deleted_at: string | null }> } };

export type TeamDetailQueryVariables = Exact<{
  uuid: string;
}>;


export type TeamDetailQuery = { school: { id: number, timezone: string, warning_percentage: number }, team: { id: number, uuid: string, name: string, tag: string | null, is_sport: boolean, visibility: string, students_count: number, apa: number | null, deleted_at: string | null } };

export type CreateTeamMutationVariables = Exact<{
  name: string;
  tag?: string | null | undefined;
  is_sport?: boolean | null | undefined;
  visibility?: string | null | undefined;
}>;


export type CreateTeamMutation = { createTeam: { id: number, uuid: string, name: string } };

export type UpdateTeamMutationVariables = Exact<{
  id: number;
  name?: string | null | undefined;
  tag?: string | null | undefined;
  is_sport?: boolean | null | undefined;
  visibility?: string | null | undefined;
}>;


export type UpdateTeamMutation = { updateTeam: { id: number } };

export type RemoveTeamMutationVariables = Exact<{
  id: number;
}>;


export type RemoveTeamMutation = { removeTeam: { id: number } };

export type RestoreTeamMutationVariables = Exact<{
  id: number;
}>;


export type RestoreTeamMutation = { restoreTeam: { id: number } };

export type GroupsAttachStudentsMutationVariables = Exact<{
  attachable_type: string;
  attachable_id: number;
  student_ids: Array<number> | number;
}>;


export type GroupsAttachStudentsMutation = { attachStudents: { changed: number, student_ids: Array<number> } };

export type GroupsDetachStudentsMutationVariables = Exact<{
  attachable_type: string;
  attachable_id: number;
  student_ids: Array<number> | number;
}>;


export type GroupsDetachStudentsMutation = { detachStudents: { changed: number, student_ids: Array<number> } };

export type TeamAttachSchoolIdsMutationVariables = Exact<{
  team_id: number;
  student_school_ids: Array<string> | string;
}>;


export type TeamAttachSchoolIdsMutation = { attachStudentsToTeam: { changed: number, student_ids: Array<number>, unknown: Array<string> } };

export type TeamTravelQueryVariables = Exact<{
  team_id: number;
}>;


export type TeamTravelQuery = { travel: { total: number, data: Array<{ id: number, team_id: number, start_date: string, end_date: string, notes: string | null, is_away: boolean, students_count: number, students: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null }> }> } };

export type TeamCreateTravelMutationVariables = Exact<{
  team_id: number;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  notes?: string | null | undefined;
  is_away?: boolean | null | undefined;
  student_ids?: Array<number> | number | null | undefined;
}>;


export type TeamCreateTravelMutation = { createTravel: { id: number } };

export type TeamUpdateTravelMutationVariables = Exact<{
  id: number;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  notes?: string | null | undefined;
  is_away?: boolean | null | undefined;
  student_ids?: Array<number> | number | null | undefined;
}>;


export type TeamUpdateTravelMutation = { updateTravel: { id: number } };

export type TeamRemoveTravelMutationVariables = Exact<{
  id: number;
}>;


export type TeamRemoveTravelMutation = { removeTravel: { id: number } };

export type TeamMembersQueryVariables = Exact<{
  relation_uuid?: string | null | undefined;
}>;


export type TeamMembersQuery = { students: { total: number, data: Array<{ id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null }> } };

export type TeamUsersQueryVariables = Exact<{
  uuid: string;
}>;


export type TeamUsersQuery = { team: { id: number, users: Array<{ id: number, first_name: string, last_name: string, email: string, role_id: number, role: { id: number, display_name: string } }> } };

export type TechnicalStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type TechnicalStatusQuery = { technical: { version: string, node_version: string, device_api_url: string, checkin_url: string, database: { kind: string, ok: boolean, latency_ms: number | null, server_version: string | null }, mail: { configured: boolean, waiting: number, failing: number, sent_last_day: number, last_error: string | null }, push: { transport: string, clients: number } } };

export type AlertTargetsQueryVariables = Exact<{ [key: string]: never; }>;


export type AlertTargetsQuery = { courses: { data: Array<{ id: number, title: string }> }, teams: { data: Array<{ id: number, name: string }> } };

export type ActingQueryVariables = Exact<{ [key: string]: never; }>;


export type ActingQuery = { me: { id: number, first_name: string, last_name: string, impersonator: { id: number, first_name: string, last_name: string } | null } };

export type UsersListQueryVariables = Exact<{
  page?: number | null | undefined;
  per_page?: number | null | undefined;
  sort_by?: string | null | undefined;
  sort_dir?: string | null | undefined;
  query?: string | null | undefined;
  role_id?: number | null | undefined;
  state?: string | null | undefined;
}>;


export type UsersListQuery = { users: { total: number, data: Array<{ id: number, first_name: string, last_name: string, email: string, role_id: number, active: boolean, deleted_at: string | null, last_seen: string | null, role: { id: number, display_name: string } }> }, school: { id: number, timezone: string, allow_user_invite: boolean } };

export type UserDetailQueryVariables = Exact<{
  id: number;
}>;


export type UserDetailQuery = { user: { id: number, first_name: string, last_name: string, email: string, pending_email: string | null, phone_number: string | null, school_id: number, role_id: number, active: boolean, deleted_at: string | null, last_seen: string | null, prefers_sms: boolean, late_email: boolean, absent_email: boolean, tardy_absent_email: boolean, pindrop_email: boolean, daily_recap_email: boolean, weekly_startup_email: boolean, weekly_recap_email: boolean, alert_filter: Array<string>, role: { id: number, display_name: string }, assignedCourses: Array<{ id: number, uuid: string | null, title: string | null }>, assignedEvents: Array<{ id: number, uuid: string | null, title: string | null }>, assignedTeams: Array<{ id: number, uuid: string | null, name: string | null }>, assignedStudents: Array<{ id: number, uuid: string, first_name: string, last_name: string }> }, school: { id: number, timezone: string } };

export type UpdateUserMutationVariables = Exact<{
  id: number;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  email?: string | null | undefined;
  phone_number?: string | null | undefined;
  role_id?: number | null | undefined;
  active?: boolean | null | undefined;
}>;


export type UpdateUserMutation = { updateUser: { id: number } };

export type RemoveUserMutationVariables = Exact<{
  id: number;
}>;


export type RemoveUserMutation = { removeUser: { id: number } };

export type RestoreUserMutationVariables = Exact<{
  id: number;
}>;


export type RestoreUserMutation = { restoreUser: { id: number } };

export type InviteUserAdminMutationVariables = Exact<{
  email: string;
  first_name: string;
  last_name?: string | null | undefined;
  role_id: number;
}>;


export type InviteUserAdminMutation = { inviteUser: { id: number, email: string } };

export type InvitationsListQueryVariables = Exact<{
  state?: string | null | undefined;
  page?: number | null | undefined;
  per_page?: number | null | undefined;
}>;


export type InvitationsListQuery = { invitations: { total: number, data: Array<{ id: number, email: string, first_name: string, last_name: string | null, role_id: number, expires_at: string, created_at: string }> }, school: { id: number, timezone: string, allow_user_invite: boolean } };

export type ResendInvitationMutationVariables = Exact<{
  id: number;
}>;


export type ResendInvitationMutation = { resendInvitation: { id: number } };

export type RevokeInvitationMutationVariables = Exact<{
  id: number;
}>;


export type RevokeInvitationMutation = { revokeInvitation: { id: number } };

export type SendPasswordResetMutationVariables = Exact<{
  id: number;
}>;


export type SendPasswordResetMutation = { sendPasswordReset: boolean };

export type SignOutUserMutationVariables = Exact<{
  id: number;
}>;


export type SignOutUserMutation = { signOutUser: boolean };

export type UpdateNotificationsMutationVariables = Exact<{
  user_id: number;
  late_email?: boolean | null | undefined;
  absent_email?: boolean | null | undefined;
  tardy_absent_email?: boolean | null | undefined;
  pindrop_email?: boolean | null | undefined;
  daily_recap_email?: boolean | null | undefined;
  weekly_startup_email?: boolean | null | undefined;
  weekly_recap_email?: boolean | null | undefined;
  prefers_sms?: boolean | null | undefined;
  phone_number?: string | null | undefined;
  alert_filter?: Array<string> | string | null | undefined;
}>;


export type UpdateNotificationsMutation = { updateNotifications: { id: number } };

export type AttachUserToMutationVariables = Exact<{
  type: string;
  id: number;
  user_ids: Array<number> | number;
}>;


export type AttachUserToMutation = { attachUsers: { changed: number } };

export type DetachUserFromMutationVariables = Exact<{
  type: string;
  id: number;
  user_ids: Array<number> | number;
}>;


export type DetachUserFromMutation = { detachUsers: { changed: number } };

export type PickAssignablesQueryVariables = Exact<{
  query?: string | null | undefined;
  courses: boolean;
  events: boolean;
  teams: boolean;
  students: boolean;
}>;


export type PickAssignablesQuery = { courses?: { data: Array<{ id: number, title: string }> }, events?: { data: Array<{ id: number, title: string }> }, teams?: { data: Array<{ id: number, name: string }> }, students?: { data: Array<{ id: number, first_name: string, last_name: string }> } };

export type SwitchUserMutationVariables = Exact<{
  user_id: number;
}>;


export type SwitchUserMutation = { switchUser: { access_token: string, search_token: string } };

export type SwitchBackMutationVariables = Exact<{ [key: string]: never; }>;


export type SwitchBackMutation = { switchBack: { access_token: string, search_token: string } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: number, first_name: string, last_name: string, email: string, school_id: number, higher_contrast: boolean, a11y_mode: boolean, role: { id: number, name: string, display_name: string, permissions: { override: boolean, reset_token: boolean, create_participant: boolean, assign_appointment: boolean, create_appointment: boolean, view_information: boolean, access_reports: boolean, cancellations: boolean } }, tasks: Array<{ id: number, description: string, taskable_id: number | null, taskable_type: string | null, created_at: string, taskable: { id: number, student: { id: number, uuid: string } } | null }>, tiles: Array<{ id: number, tileable_id: number, tileable_type: string, tileable: { id: number, uuid: string, title: string | null, name: string | null, apa: number | null, attendance_last_class: { label: string, value: number | null }, attendance_now: { meets: string, present: number, expected: number } | null } | null }>, assignedCourses: Array<{ id: number, title: string | null }> } };

export type GetParamsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetParamsQuery = { schools: { total: number, data: Array<{ id: number, name: string }> }, roles: { total: number, data: Array<{ id: number, name: string, display_name: string }> }, statuses: { total: number, data: Array<{ id: number, name: string }> }, searchConfig: { provider: string, endpoint: string, per_page: number, indexes: Array<string> } };

export type DetailAddToDashboardMutationVariables = Exact<{
  id: number;
  type: string;
}>;


export type DetailAddToDashboardMutation = { addToDashboard: { id: number } };

export type RosterFieldsFragment = { start: string, end: string, meets: string, rows: Array<{ attendance_id: number | null, status: number | null, enter: string | null, exit: string | null, confidence: number | null, updated_at: string | null, student: { id: number, uuid: string, first_name: string, last_name: string, preferred_name: string | null } }> };

export type RosterOverrideMutationVariables = Exact<{
  id: number;
  status: number;
}>;


export type RosterOverrideMutation = { updateAttendance: { id: number, status: number, lock: boolean } };

export type RosterOfflineCodeMutationVariables = Exact<{
  student_id: number;
  attendable_id: number;
  attendable_type: string;
  code: string;
}>;


export type RosterOfflineCodeMutation = { submitOfflineCode: { id: number, status: number } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const StaffFieldsFragmentDoc = new TypedDocumentString(`
    fragment StaffFields on User {
  id
  first_name
  last_name
  email
  role_id
  role {
    id
    display_name
  }
}
    `, {"fragmentName":"StaffFields"}) as unknown as TypedDocumentString<StaffFieldsFragment, unknown>;
export const RosterFieldsFragmentDoc = new TypedDocumentString(`
    fragment RosterFields on Roster {
  start
  end
  meets
  rows {
    attendance_id
    status
    enter
    exit
    confidence
    updated_at
    student {
      id
      uuid
      first_name
      last_name
      preferred_name
    }
  }
}
    `, {"fragmentName":"RosterFields"}) as unknown as TypedDocumentString<RosterFieldsFragment, unknown>;
export const SwitchSchoolDocument = new TypedDocumentString(`
    mutation switchSchool($school_id: Int!) {
  switchSchool(school_id: $school_id) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SwitchSchoolMutation, SwitchSchoolMutationVariables>;
export const CoursesListDocument = new TypedDocumentString(`
    query coursesList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $state: String, $in_session: Boolean) {
  school {
    id
    timezone
    warning_percentage
  }
  courses(
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
    query: $query
    state: $state
    in_session: $in_session
  ) {
    total
    data {
      id
      uuid
      title
      crn
      course_number
      start_time
      end_time
      meet_sun
      meet_mon
      meet_tue
      meet_wed
      meet_thu
      meet_fri
      meet_sat
      is_in_session
      is_archived
      deleted_at
      students_count
      apa
      location {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<CoursesListQuery, CoursesListQueryVariables>;
export const CourseDetailDocument = new TypedDocumentString(`
    query courseDetail($uuid: String!) {
  school {
    id
    timezone
    warning_percentage
  }
  course(uuid: $uuid) {
    id
    uuid
    title
    crn
    course_number
    location_id
    location {
      id
      name
    }
    start_time
    end_time
    semester_start
    semester_end
    is_indefinite
    meet_sun
    meet_mon
    meet_tue
    meet_wed
    meet_thu
    meet_fri
    meet_sat
    is_in_session
    is_archived
    deleted_at
    locked
    late_time
    absent_time
    min_percentage
    alerts_students
    manual_attendance
    students_count
    apa
    calendar_url
  }
}
    `) as unknown as TypedDocumentString<CourseDetailQuery, CourseDetailQueryVariables>;
export const CourseFiguresDocument = new TypedDocumentString(`
    query courseFigures($uuid: String!) {
  course(uuid: $uuid) {
    id
    daily_attendance_graph {
      labels
      datasets {
        label
        data
      }
    }
    attendance_last_class {
      label
      value
    }
    missed_last_class {
      id
      uuid
      first_name
      last_name
      preferred_name
    }
    student_absent_streak {
      streak
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<CourseFiguresQuery, CourseFiguresQueryVariables>;
export const CourseRosterDocument = new TypedDocumentString(`
    query courseRoster($uuid: String!) {
  course(uuid: $uuid) {
    id
    roster {
      ...RosterFields
    }
  }
}
    fragment RosterFields on Roster {
  start
  end
  meets
  rows {
    attendance_id
    status
    enter
    exit
    confidence
    updated_at
    student {
      id
      uuid
      first_name
      last_name
      preferred_name
    }
  }
}`) as unknown as TypedDocumentString<CourseRosterQuery, CourseRosterQueryVariables>;
export const CreateCourseDocument = new TypedDocumentString(`
    mutation createCourse($title: String!, $crn: String, $course_number: String, $subject: String, $location_id: Int, $start_time: String!, $end_time: String!, $is_indefinite: Boolean, $semester_start: String, $semester_end: String, $meet_sun: Boolean, $meet_mon: Boolean, $meet_tue: Boolean, $meet_wed: Boolean, $meet_thu: Boolean, $meet_fri: Boolean, $meet_sat: Boolean, $late_time: Int, $absent_time: Int, $min_percentage: Int, $alerts_students: Boolean, $manual_attendance: Boolean) {
  createCourse(
    title: $title
    crn: $crn
    course_number: $course_number
    subject: $subject
    location_id: $location_id
    start_time: $start_time
    end_time: $end_time
    is_indefinite: $is_indefinite
    semester_start: $semester_start
    semester_end: $semester_end
    meet_sun: $meet_sun
    meet_mon: $meet_mon
    meet_tue: $meet_tue
    meet_wed: $meet_wed
    meet_thu: $meet_thu
    meet_fri: $meet_fri
    meet_sat: $meet_sat
    late_time: $late_time
    absent_time: $absent_time
    min_percentage: $min_percentage
    alerts_students: $alerts_students
    manual_attendance: $manual_attendance
  ) {
    id
    uuid
    title
  }
}
    `) as unknown as TypedDocumentString<CreateCourseMutation, CreateCourseMutationVariables>;
export const UpdateCourseDocument = new TypedDocumentString(`
    mutation updateCourse($id: Int!, $title: String, $crn: String, $course_number: String, $subject: String, $location_id: Int, $start_time: String, $end_time: String, $is_indefinite: Boolean, $semester_start: String, $semester_end: String, $meet_sun: Boolean, $meet_mon: Boolean, $meet_tue: Boolean, $meet_wed: Boolean, $meet_thu: Boolean, $meet_fri: Boolean, $meet_sat: Boolean, $late_time: Int, $absent_time: Int, $min_percentage: Int, $alerts_students: Boolean, $manual_attendance: Boolean, $is_archived: Boolean) {
  updateCourse(
    id: $id
    title: $title
    crn: $crn
    course_number: $course_number
    subject: $subject
    location_id: $location_id
    start_time: $start_time
    end_time: $end_time
    is_indefinite: $is_indefinite
    semester_start: $semester_start
    semester_end: $semester_end
    meet_sun: $meet_sun
    meet_mon: $meet_mon
    meet_tue: $meet_tue
    meet_wed: $meet_wed
    meet_thu: $meet_thu
    meet_fri: $meet_fri
    meet_sat: $meet_sat
    late_time: $late_time
    absent_time: $absent_time
    min_percentage: $min_percentage
    alerts_students: $alerts_students
    manual_attendance: $manual_attendance
    is_archived: $is_archived
  ) {
    id
    is_archived
  }
}
    `) as unknown as TypedDocumentString<UpdateCourseMutation, UpdateCourseMutationVariables>;
export const RemoveCourseDocument = new TypedDocumentString(`
    mutation removeCourse($id: Int!) {
  removeCourse(id: $id) {
    id
    deleted_at
  }
}
    `) as unknown as TypedDocumentString<RemoveCourseMutation, RemoveCourseMutationVariables>;
export const RestoreCourseDocument = new TypedDocumentString(`
    mutation restoreCourse($id: Int!) {
  restoreCourse(id: $id) {
    id
    deleted_at
  }
}
    `) as unknown as TypedDocumentString<RestoreCourseMutation, RestoreCourseMutationVariables>;
export const CourseEnrolStudentsDocument = new TypedDocumentString(`
    mutation courseEnrolStudents($course_id: Int!, $student_ids: [Int!]!) {
  addCourseToStudents(course_id: $course_id, student_ids: $student_ids) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<CourseEnrolStudentsMutation, CourseEnrolStudentsMutationVariables>;
export const CourseAddTeamDocument = new TypedDocumentString(`
    mutation courseAddTeam($course_id: Int!, $team_id: Int!) {
  addTeamToCourse(course_id: $course_id, team_id: $team_id) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<CourseAddTeamMutation, CourseAddTeamMutationVariables>;
export const CourseDetachStudentsDocument = new TypedDocumentString(`
    mutation courseDetachStudents($attachable_id: Int!, $student_ids: [Int!]!) {
  detachStudents(
    attachable_id: $attachable_id
    attachable_type: "course"
    student_ids: $student_ids
  ) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<CourseDetachStudentsMutation, CourseDetachStudentsMutationVariables>;
export const CourseCancellationsDocument = new TypedDocumentString(`
    query courseCancellations($course_id: Int!) {
  cancellations(
    course_id: $course_id
    per_page: 250
    sort_by: "date"
    sort_dir: "desc"
  ) {
    total
    data {
      id
      date
      notes
    }
  }
}
    `) as unknown as TypedDocumentString<CourseCancellationsQuery, CourseCancellationsQueryVariables>;
export const CourseCreateCancellationDocument = new TypedDocumentString(`
    mutation courseCreateCancellation($course_id: Int!, $date: String!, $notes: String) {
  createCancellation(course_id: $course_id, date: $date, notes: $notes) {
    id
    date
  }
}
    `) as unknown as TypedDocumentString<CourseCreateCancellationMutation, CourseCreateCancellationMutationVariables>;
export const CourseRemoveCancellationDocument = new TypedDocumentString(`
    mutation courseRemoveCancellation($id: Int!) {
  removeCancellation(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<CourseRemoveCancellationMutation, CourseRemoveCancellationMutationVariables>;
export const CourseUsersDocument = new TypedDocumentString(`
    query courseUsers($uuid: String!) {
  course(uuid: $uuid) {
    id
    users {
      id
      first_name
      last_name
      email
      role_id
      role {
        id
        display_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<CourseUsersQuery, CourseUsersQueryVariables>;
export const DashboardDocument = new TypedDocumentString(`
    query dashboard($rows: Int) {
  school {
    id
    name
    address
    phone
    timezone
  }
  students(missing: true, per_page: $rows) {
    total
    data {
      id
      uuid
      first_name
      last_name
      email
      semester_apa
    }
  }
  courses(in_session: true, per_page: $rows) {
    total
    data {
      id
      uuid
      title
      start_time
      end_time
      location {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardQuery, DashboardQueryVariables>;
export const RemoveFromDashboardDocument = new TypedDocumentString(`
    mutation removeFromDashboard($id: Int!) {
  removeFromDashboard(id: $id)
}
    `) as unknown as TypedDocumentString<RemoveFromDashboardMutation, RemoveFromDashboardMutationVariables>;
export const CloseTaskDocument = new TypedDocumentString(`
    mutation closeTask($id: Int!) {
  closeTask(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<CloseTaskMutation, CloseTaskMutationVariables>;
export const LocationChoicesDocument = new TypedDocumentString(`
    query locationChoices {
  locationChoices {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<LocationChoicesQuery, LocationChoicesQueryVariables>;
export const EventsListDocument = new TypedDocumentString(`
    query eventsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $state: String) {
  school {
    id
    timezone
    warning_percentage
  }
  events(
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
    query: $query
    state: $state
  ) {
    total
    data {
      id
      uuid
      title
      date
      start_time
      end_time
      capacity
      visibility
      attending_count
      waitlist_count
      is_in_session
      deleted_at
      location {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventsListQuery, EventsListQueryVariables>;
export const EventDetailDocument = new TypedDocumentString(`
    query eventDetail($uuid: String!) {
  school {
    id
    timezone
    warning_percentage
  }
  event(uuid: $uuid) {
    id
    uuid
    ern
    title
    description
    date
    start_time
    end_time
    capacity
    visibility
    public_url
    late_time
    absent_time
    min_percentage
    drop_cutoff
    alerts_students
    required
    attending_count
    waitlist_count
    is_in_session
    deleted_at
    restricted_by
    restriction {
      id
      uuid
      name
    }
    location_id
    location {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<EventDetailQuery, EventDetailQueryVariables>;
export const CreateEventDocument = new TypedDocumentString(`
    mutation createEvent($title: String!, $description: String, $date: String!, $start_time: String!, $end_time: String!, $location_id: Int, $capacity: Int, $visibility: String, $late_time: Int, $absent_time: Int, $min_percentage: Int, $drop_cutoff: Int, $alerts_students: Boolean, $required: Boolean, $restricted_by: Int) {
  createEvent(
    title: $title
    description: $description
    date: $date
    start_time: $start_time
    end_time: $end_time
    location_id: $location_id
    capacity: $capacity
    visibility: $visibility
    late_time: $late_time
    absent_time: $absent_time
    min_percentage: $min_percentage
    drop_cutoff: $drop_cutoff
    alerts_students: $alerts_students
    required: $required
    restricted_by: $restricted_by
  ) {
    id
    uuid
    title
  }
}
    `) as unknown as TypedDocumentString<CreateEventMutation, CreateEventMutationVariables>;
export const UpdateEventDocument = new TypedDocumentString(`
    mutation updateEvent($id: Int!, $title: String, $description: String, $date: String, $start_time: String, $end_time: String, $location_id: Int, $capacity: Int, $visibility: String, $late_time: Int, $absent_time: Int, $min_percentage: Int, $drop_cutoff: Int, $alerts_students: Boolean, $required: Boolean, $restricted_by: Int) {
  updateEvent(
    id: $id
    title: $title
    description: $description
    date: $date
    start_time: $start_time
    end_time: $end_time
    location_id: $location_id
    capacity: $capacity
    visibility: $visibility
    late_time: $late_time
    absent_time: $absent_time
    min_percentage: $min_percentage
    drop_cutoff: $drop_cutoff
    alerts_students: $alerts_students
    required: $required
    restricted_by: $restricted_by
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateEventMutation, UpdateEventMutationVariables>;
export const RemoveEventDocument = new TypedDocumentString(`
    mutation removeEvent($id: Int!) {
  removeEvent(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveEventMutation, RemoveEventMutationVariables>;
export const RestoreEventDocument = new TypedDocumentString(`
    mutation restoreEvent($id: Int!) {
  restoreEvent(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RestoreEventMutation, RestoreEventMutationVariables>;
export const EventFiguresDocument = new TypedDocumentString(`
    query eventFigures($uuid: String!) {
  event(uuid: $uuid) {
    id
    attendance_graph {
      labels
      datasets {
        label
        data
      }
    }
    missed_event {
      id
      uuid
      first_name
      last_name
      preferred_name
    }
  }
}
    `) as unknown as TypedDocumentString<EventFiguresQuery, EventFiguresQueryVariables>;
export const EventRosterDocument = new TypedDocumentString(`
    query eventRoster($uuid: String!) {
  event(uuid: $uuid) {
    id
    roster {
      ...RosterFields
    }
  }
}
    fragment RosterFields on Roster {
  start
  end
  meets
  rows {
    attendance_id
    status
    enter
    exit
    confidence
    updated_at
    student {
      id
      uuid
      first_name
      last_name
      preferred_name
    }
  }
}`) as unknown as TypedDocumentString<EventRosterQuery, EventRosterQueryVariables>;
export const EventScanCodeDocument = new TypedDocumentString(`
    query eventScanCode($event_id: Int!) {
  scanCode(event_id: $event_id) {
    code
    expires_at
  }
}
    `) as unknown as TypedDocumentString<EventScanCodeQuery, EventScanCodeQueryVariables>;
export const EventWaitlistDocument = new TypedDocumentString(`
    query eventWaitlist($uuid: String!) {
  event(uuid: $uuid) {
    id
    waitlist {
      position
      created_at
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
        school_identifier
        email
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventWaitlistQuery, EventWaitlistQueryVariables>;
export const EventUpgradeStudentDocument = new TypedDocumentString(`
    mutation eventUpgradeStudent($event_id: Int!, $student_id: Int!) {
  upgradeStudent(event_id: $event_id, student_id: $student_id) {
    in_waitlist
  }
}
    `) as unknown as TypedDocumentString<EventUpgradeStudentMutation, EventUpgradeStudentMutationVariables>;
export const EventAddTeamDocument = new TypedDocumentString(`
    mutation eventAddTeam($event_id: Int!, $team_id: Int!) {
  addTeamToEvent(event_id: $event_id, team_id: $team_id) {
    changed
    student_ids
  }
}
    `) as unknown as TypedDocumentString<EventAddTeamMutation, EventAddTeamMutationVariables>;
export const EventStudentsDocument = new TypedDocumentString(`
    query eventStudents($uuid: String!) {
  event(uuid: $uuid) {
    id
    students {
      id
      uuid
      first_name
      last_name
      preferred_name
      email
      school_identifier
      semester_apa
    }
  }
}
    `) as unknown as TypedDocumentString<EventStudentsQuery, EventStudentsQueryVariables>;
export const EventUsersDocument = new TypedDocumentString(`
    query eventUsers($uuid: String!) {
  event(uuid: $uuid) {
    id
    users {
      id
      first_name
      last_name
      email
      role_id
      role {
        id
        display_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventUsersQuery, EventUsersQueryVariables>;
export const EventTeamOptionsDocument = new TypedDocumentString(`
    query eventTeamOptions {
  teams(per_page: 250, sort_by: "name") {
    data {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<EventTeamOptionsQuery, EventTeamOptionsQueryVariables>;
export const ImportsListDocument = new TypedDocumentString(`
    query importsList($page: Int, $per_page: Int) {
  imports(page: $page, per_page: $per_page) {
    total
    data {
      id
      uuid
      kind
      status
      progress
      total_rows
      error_count
      created_at
      finished_at
      user {
        id
        first_name
        last_name
      }
    }
  }
  school {
    id
    timezone
  }
}
    `) as unknown as TypedDocumentString<ImportsListQuery, ImportsListQueryVariables>;
export const ImportOneDocument = new TypedDocumentString(`
    query importOne($uuid: String!) {
  import(uuid: $uuid) {
    id
    uuid
    kind
    status
    progress
    total_rows
    rejected_rows
    created_at
    finished_at
    row_errors {
      line
      reason
    }
    user {
      id
      first_name
      last_name
    }
  }
  school {
    id
    timezone
  }
}
    `) as unknown as TypedDocumentString<ImportOneQuery, ImportOneQueryVariables>;
export const PickStudentsDocument = new TypedDocumentString(`
    query pickStudents($query: String!, $per_page: Int) {
  students(
    query: $query
    state: "active"
    page: 1
    per_page: $per_page
    sort_by: "name"
  ) {
    total
    data {
      id
      first_name
      last_name
      preferred_name
      email
      school_identifier
    }
  }
}
    `) as unknown as TypedDocumentString<PickStudentsQuery, PickStudentsQueryVariables>;
export const LinksStaffCandidatesDocument = new TypedDocumentString(`
    query linksStaffCandidates {
  me {
    id
    first_name
    last_name
    email
    role_id
    role {
      id
      display_name
    }
  }
  courses(state: "all", per_page: 250, sort_by: "title") {
    data {
      id
      users {
        ...StaffFields
      }
    }
  }
}
    fragment StaffFields on User {
  id
  first_name
  last_name
  email
  role_id
  role {
    id
    display_name
  }
}`) as unknown as TypedDocumentString<LinksStaffCandidatesQuery, LinksStaffCandidatesQueryVariables>;
export const LinksAttachUsersDocument = new TypedDocumentString(`
    mutation linksAttachUsers($assignable_type: String!, $assignable_id: Int!, $user_ids: [Int!]!) {
  attachUsers(
    assignable_type: $assignable_type
    assignable_id: $assignable_id
    user_ids: $user_ids
  ) {
    changed
    user_ids
  }
}
    `) as unknown as TypedDocumentString<LinksAttachUsersMutation, LinksAttachUsersMutationVariables>;
export const LinksDetachUsersDocument = new TypedDocumentString(`
    mutation linksDetachUsers($assignable_type: String!, $assignable_id: Int!, $user_ids: [Int!]!) {
  detachUsers(
    assignable_type: $assignable_type
    assignable_id: $assignable_id
    user_ids: $user_ids
  ) {
    changed
    user_ids
  }
}
    `) as unknown as TypedDocumentString<LinksDetachUsersMutation, LinksDetachUsersMutationVariables>;
export const LocationsListDocument = new TypedDocumentString(`
    query locationsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String) {
  locations(
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
    query: $query
  ) {
    total
    data {
      id
      name
      place_id
      latitude
      longitude
      radius
      beacons_count
      courses_count
    }
  }
}
    `) as unknown as TypedDocumentString<LocationsListQuery, LocationsListQueryVariables>;
export const LocationDetailDocument = new TypedDocumentString(`
    query locationDetail($id: Int!, $date: String) {
  location(id: $id) {
    id
    name
    place_id
    latitude
    longitude
    radius
    note
    beacons_count
    courses_count
    beacons {
      id
      name
      factory_id
      battery
      active
      last_seen
    }
    courses {
      id
      uuid
      title
    }
    activity_graph(date: $date) {
      labels
      datasets {
        label
        data
      }
    }
  }
  school {
    id
    timezone
  }
}
    `) as unknown as TypedDocumentString<LocationDetailQuery, LocationDetailQueryVariables>;
export const CreateLocationDocument = new TypedDocumentString(`
    mutation createLocation($name: String!, $place_id: String, $latitude: Float, $longitude: Float, $radius: Int, $note: String) {
  createLocation(
    name: $name
    place_id: $place_id
    latitude: $latitude
    longitude: $longitude
    radius: $radius
    note: $note
  ) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateLocationMutation, CreateLocationMutationVariables>;
export const UpdateLocationDocument = new TypedDocumentString(`
    mutation updateLocation($id: Int!, $name: String, $place_id: String, $latitude: Float, $longitude: Float, $radius: Int, $note: String) {
  updateLocation(
    id: $id
    name: $name
    place_id: $place_id
    latitude: $latitude
    longitude: $longitude
    radius: $radius
    note: $note
  ) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdateLocationMutation, UpdateLocationMutationVariables>;
export const RemoveLocationDocument = new TypedDocumentString(`
    mutation removeLocation($id: Int!) {
  removeLocation(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveLocationMutation, RemoveLocationMutationVariables>;
export const AddBeaconsToLocationDocument = new TypedDocumentString(`
    mutation addBeaconsToLocation($location_id: Int!, $factory_ids: [String!]!) {
  addBeaconsToLocation(location_id: $location_id, factory_ids: $factory_ids) {
    id
    beacons_count
  }
}
    `) as unknown as TypedDocumentString<AddBeaconsToLocationMutation, AddBeaconsToLocationMutationVariables>;
export const ActivateBeaconDocument = new TypedDocumentString(`
    mutation activateBeacon($id: Int!, $active: Boolean) {
  activateBeacon(id: $id, active: $active) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<ActivateBeaconMutation, ActivateBeaconMutationVariables>;
export const RemoveBeaconFromLocationDocument = new TypedDocumentString(`
    mutation removeBeaconFromLocation($id: Int!) {
  removeBeaconFromLocation(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveBeaconFromLocationMutation, RemoveBeaconFromLocationMutationVariables>;
export const ProfileDocument = new TypedDocumentString(`
    query profile {
  me {
    id
    first_name
    last_name
    email
    pending_email
    phone_number
    higher_contrast
    a11y_mode
    prefers_sms
    late_email
    absent_email
    tardy_absent_email
    pindrop_email
    daily_recap_email
    weekly_startup_email
    weekly_recap_email
    alert_filter
    role {
      id
      display_name
    }
  }
}
    `) as unknown as TypedDocumentString<ProfileQuery, ProfileQueryVariables>;
export const UpdateProfileDocument = new TypedDocumentString(`
    mutation updateProfile($first_name: String, $last_name: String, $email: String, $phone_number: String, $higher_contrast: Boolean, $a11y_mode: Boolean) {
  updateProfile(
    first_name: $first_name
    last_name: $last_name
    email: $email
    phone_number: $phone_number
    higher_contrast: $higher_contrast
    a11y_mode: $a11y_mode
  ) {
    id
    higher_contrast
    a11y_mode
  }
}
    `) as unknown as TypedDocumentString<UpdateProfileMutation, UpdateProfileMutationVariables>;
export const UpdateOwnPasswordDocument = new TypedDocumentString(`
    mutation updateOwnPassword($user_id: Int!, $current_password: String!, $new_password: String!) {
  updatePassword(
    user_id: $user_id
    current_password: $current_password
    new_password: $new_password
  )
}
    `) as unknown as TypedDocumentString<UpdateOwnPasswordMutation, UpdateOwnPasswordMutationVariables>;
export const ReportStudentOptionsDocument = new TypedDocumentString(`
    query reportStudentOptions($query: String, $per_page: Int) {
  students(query: $query, per_page: $per_page, sort_by: "name", state: "all") {
    data {
      id
      uuid
      first_name
      last_name
      preferred_name
      email
    }
  }
}
    `) as unknown as TypedDocumentString<ReportStudentOptionsQuery, ReportStudentOptionsQueryVariables>;
export const ReportStudentLabelDocument = new TypedDocumentString(`
    query reportStudentLabel($uuid: String!) {
  student(uuid: $uuid) {
    id
    first_name
    last_name
    preferred_name
    email
  }
}
    `) as unknown as TypedDocumentString<ReportStudentLabelQuery, ReportStudentLabelQueryVariables>;
export const ReportCourseLabelDocument = new TypedDocumentString(`
    query reportCourseLabel($uuid: String!) {
  course(uuid: $uuid) {
    id
    title
  }
}
    `) as unknown as TypedDocumentString<ReportCourseLabelQuery, ReportCourseLabelQueryVariables>;
export const ReportTeamLabelDocument = new TypedDocumentString(`
    query reportTeamLabel($uuid: String!) {
  team(uuid: $uuid) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ReportTeamLabelQuery, ReportTeamLabelQueryVariables>;
export const ReportEventLabelDocument = new TypedDocumentString(`
    query reportEventLabel($uuid: String!) {
  event(uuid: $uuid) {
    id
    title
    date
  }
}
    `) as unknown as TypedDocumentString<ReportEventLabelQuery, ReportEventLabelQueryVariables>;
export const ReportLocationChoicesDocument = new TypedDocumentString(`
    query reportLocationChoices {
  locationChoices {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ReportLocationChoicesQuery, ReportLocationChoicesQueryVariables>;
export const ReportLocationOptionsDocument = new TypedDocumentString(`
    query reportLocationOptions($per_page: Int) {
  courses(per_page: $per_page, state: "all", sort_by: "title") {
    data {
      id
      location {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ReportLocationOptionsQuery, ReportLocationOptionsQueryVariables>;
export const BeaconReportDocument = new TypedDocumentString(`
    query beaconReport($location_id: Int, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  beaconReport(
    location_id: $location_id
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      id
      name
      factory_id
      location_name
      battery
      last_seen
      active
    }
  }
}
    `) as unknown as TypedDocumentString<BeaconReportQuery, BeaconReportQueryVariables>;
export const CancellationReportDocument = new TypedDocumentString(`
    query cancellationReport($start_date: String!, $end_date: String!, $classes: [Int!], $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  cancellationReport(
    start_date: $start_date
    end_date: $end_date
    classes: $classes
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      id
      kind
      title
      course_id
      start_date
      end_date
      notes
    }
  }
}
    `) as unknown as TypedDocumentString<CancellationReportQuery, CancellationReportQueryVariables>;
export const CanvasReportDocument = new TypedDocumentString(`
    query canvasReport($start_date: String!, $end_date: String!, $classes: [Int!], $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  canvasReport(
    start_date: $start_date
    end_date: $end_date
    classes: $classes
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      student_id
      student_uuid
      first_name
      last_name
      school_identifier
      course_id
      course_title
      crn
      attended
      missed
      percentage
    }
  }
}
    `) as unknown as TypedDocumentString<CanvasReportQuery, CanvasReportQueryVariables>;
export const ClassReportDocument = new TypedDocumentString(`
    query classReport($uuid: String!, $start_date: String, $end_date: String, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  courseReport(
    uuid: $uuid
    start_date: $start_date
    end_date: $end_date
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    start_date
    end_date
    course {
      id
      uuid
      title
    }
    sessions {
      date
      cancelled
    }
    by_status {
      status
      count
    }
    data {
      apa
      statuses
      counts {
        present
        late
        absent
        excused
      }
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
        school_identifier
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ClassReportQuery, ClassReportQueryVariables>;
export const EventReportDocument = new TypedDocumentString(`
    query eventReport($start_date: String, $end_date: String, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  eventReport(
    start_date: $start_date
    end_date: $end_date
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      id
      uuid
      title
      date
      attending
      waitlisted
      attended
      missed
    }
  }
}
    `) as unknown as TypedDocumentString<EventReportQuery, EventReportQueryVariables>;
export const FacilityReportDocument = new TypedDocumentString(`
    query facilityReport($location_id: Int!, $date: String!) {
  facilityReport(location_id: $location_id, date: $date) {
    date
    location_name
    students
    pings
    timezone
    hours {
      hour
      students
      pings
    }
  }
}
    `) as unknown as TypedDocumentString<FacilityReportQuery, FacilityReportQueryVariables>;
export const LastAttendanceReportDocument = new TypedDocumentString(`
    query lastAttendanceReport($classes: [Int!], $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  lastAttendanceReport(
    classes: $classes
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      last_attended
      days_since
      course {
        id
        uuid
        title
      }
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
        school_identifier
      }
    }
  }
}
    `) as unknown as TypedDocumentString<LastAttendanceReportQuery, LastAttendanceReportQueryVariables>;
export const PresenceReportDocument = new TypedDocumentString(`
    query presenceReport($start_date: String, $end_date: String, $location_id: Int, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  presenceReport(
    start_date: $start_date
    end_date: $end_date
    location_id: $location_id
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    from
    to
    data {
      student_id
      student_uuid
      first_name
      last_name
      location_id
      location_name
      first_seen
      last_seen
      pings
    }
  }
}
    `) as unknown as TypedDocumentString<PresenceReportQuery, PresenceReportQueryVariables>;
export const SetupReportDocument = new TypedDocumentString(`
    query setupReport($mode: String!, $classes: [Int!], $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  setupReport(
    mode: $mode
    classes: $classes
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      id
      uuid
      kind
      name
      detail
      last_seen
    }
  }
}
    `) as unknown as TypedDocumentString<SetupReportQuery, SetupReportQueryVariables>;
export const StatusReportDocument = new TypedDocumentString(`
    query statusReport($start_date: String!, $end_date: String!, $classes: [Int!], $location_id: Int, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  statusReport(
    start_date: $start_date
    end_date: $end_date
    classes: $classes
    location_id: $location_id
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    by_status {
      status
      count
    }
    data {
      id
      meets
      status
      enter
      exit
      attendable_type
      attendable_title
      attendable_uuid
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<StatusReportQuery, StatusReportQueryVariables>;
export const StudentReportDocument = new TypedDocumentString(`
    query studentReport($uuid: String!, $attendable_type: String!, $start_date: String, $end_date: String, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  studentReport(
    uuid: $uuid
    attendable_type: $attendable_type
    start_date: $start_date
    end_date: $end_date
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    by_status {
      status
      count
    }
    data {
      id
      meets
      status
      enter
      exit
      attendable_type
      attendable_title
      attendable_uuid
    }
  }
}
    `) as unknown as TypedDocumentString<StudentReportQuery, StudentReportQueryVariables>;
export const TeamReportDocument = new TypedDocumentString(`
    query teamReport($uuid: String!, $start_date: String, $end_date: String, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  teamReport(
    uuid: $uuid
    start_date: $start_date
    end_date: $end_date
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    apa
    travel
    missed
    start_date
    end_date
    team {
      id
      name
    }
    data {
      apa
      travel
      missed
      counts {
        present
        late
        absent
        excused
      }
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
        school_identifier
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TeamReportQuery, TeamReportQueryVariables>;
export const TokenReportDocument = new TypedDocumentString(`
    query tokenReport($teams: [Int!]!, $courses: [Int!]!, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
  tokenReport(
    teams: $teams
    courses: $courses
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
  ) {
    total
    data {
      id
      uuid
      first_name
      last_name
      preferred_name
      school_identifier
      token
    }
  }
}
    `) as unknown as TypedDocumentString<TokenReportQuery, TokenReportQueryVariables>;
export const ReportSchoolDocument = new TypedDocumentString(`
    query reportSchool {
  school {
    id
    timezone
  }
}
    `) as unknown as TypedDocumentString<ReportSchoolQuery, ReportSchoolQueryVariables>;
export const GlobalSearchDocument = new TypedDocumentString(`
    query globalSearch($query: String!, $per_page: Int) {
  search(query: $query, per_page: $per_page) {
    students {
      uuid
      firstName
      lastName
      email
    }
    courses {
      uuid
      title
      startTime
      endTime
      days
    }
    teams {
      id
      uuid
      name
    }
    events {
      uuid
      title
      date
    }
  }
}
    `) as unknown as TypedDocumentString<GlobalSearchQuery, GlobalSearchQueryVariables>;
export const SchoolSettingsDocument = new TypedDocumentString(`
    query schoolSettings {
  school {
    id
    name
    address
    contact_person
    phone
    email
    support_email
    late_time
    absent_time
    leave_time
    warning_percentage
    timezone
    token_pattern
    student_cap
    allow_user_invite
    closures {
      id
      title
      start_date
      end_date
    }
  }
}
    `) as unknown as TypedDocumentString<SchoolSettingsQuery, SchoolSettingsQueryVariables>;
export const UpdateSchoolDocument = new TypedDocumentString(`
    mutation updateSchool($id: Int!, $name: String, $address: String, $contact_person: String, $phone: String, $email: String, $support_email: String, $late_time: Int, $absent_time: Int, $leave_time: Int, $warning_percentage: Int, $timezone: String, $token_pattern: String, $student_cap: Int, $allow_user_invite: Boolean) {
  updateSchool(
    id: $id
    name: $name
    address: $address
    contact_person: $contact_person
    phone: $phone
    email: $email
    support_email: $support_email
    late_time: $late_time
    absent_time: $absent_time
    leave_time: $leave_time
    warning_percentage: $warning_percentage
    timezone: $timezone
    token_pattern: $token_pattern
    student_cap: $student_cap
    allow_user_invite: $allow_user_invite
  ) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdateSchoolMutation, UpdateSchoolMutationVariables>;
export const CreateSchoolDocument = new TypedDocumentString(`
    mutation createSchool($name: String!, $timezone: String) {
  createSchool(name: $name, timezone: $timezone) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateSchoolMutation, CreateSchoolMutationVariables>;
export const CreateClosureDocument = new TypedDocumentString(`
    mutation createClosure($title: String!, $start_date: String!, $end_date: String!) {
  createClosure(title: $title, start_date: $start_date, end_date: $end_date) {
    id
    title
  }
}
    `) as unknown as TypedDocumentString<CreateClosureMutation, CreateClosureMutationVariables>;
export const RemoveClosureDocument = new TypedDocumentString(`
    mutation removeClosure($id: Int!) {
  removeClosure(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveClosureMutation, RemoveClosureMutationVariables>;
export const StudentAttendanceHeadingDocument = new TypedDocumentString(`
    query studentAttendanceHeading($uuid: String!) {
  school {
    id
    timezone
  }
  student(uuid: $uuid) {
    id
    uuid
    first_name
    last_name
    courses {
      id
      uuid
      title
    }
    events {
      event {
        id
        uuid
        title
      }
    }
  }
  statuses {
    data {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<StudentAttendanceHeadingQuery, StudentAttendanceHeadingQueryVariables>;
export const StudentAttendanceDocument = new TypedDocumentString(`
    query studentAttendance($student_id: Int!, $attendable_uuid: String!, $attendable_type: String!, $page: Int, $per_page: Int) {
  attendance(
    student_id: $student_id
    attendable_uuid: $attendable_uuid
    attendable_type: $attendable_type
    page: $page
    per_page: $per_page
    sort_by: "meets"
    sort_dir: "desc"
  ) {
    total
    data {
      id
      meets
      status
      enter
      exit
      percentage
      confidence
      unconfirmed_status
      lock
      finished
      attendable_title
      location {
        id
        name
        latitude
        longitude
        radius
      }
      evidence {
        kind
        summary
        effect
        pings
      }
      activity {
        id
        event
        created_at
      }
      overrides {
        id
        old_status
        new_status
        created_at
        user {
          id
          first_name
          last_name
        }
      }
      coordinates {
        id
        latitude
        longitude
        created_at
        bluetooth
      }
    }
  }
}
    `) as unknown as TypedDocumentString<StudentAttendanceQuery, StudentAttendanceQueryVariables>;
export const StudentAttendanceOverrideDocument = new TypedDocumentString(`
    mutation studentAttendanceOverride($id: Int!, $status: Int!) {
  updateAttendance(id: $id, status: $status) {
    id
    status
    lock
  }
}
    `) as unknown as TypedDocumentString<StudentAttendanceOverrideMutation, StudentAttendanceOverrideMutationVariables>;
export const StudentDetailDocument = new TypedDocumentString(`
    query studentDetail($uuid: String!) {
  school {
    id
    timezone
    warning_percentage
  }
  student(uuid: $uuid) {
    id
    uuid
    first_name
    last_name
    preferred_name
    email
    phone
    school_identifier
    age
    pid_number
    zip
    date_of_birth
    is_veteran
    housing
    employment
    sexual_identity
    gender
    sex
    race
    deleted_at
    last_seen
    weekly_apa
    semester_apa
    token
    offline_code
    offline_code_uri
    device {
      id
      type
      os_version
      app_version
      model_name
      location_permission
      bluetooth_permission
      created_at
      updated_at
    }
    signed_out_device {
      id
      type
      model_name
      signed_out_at
    }
    courses {
      id
      uuid
      title
    }
    events {
      event {
        id
        uuid
        title
        date
        start_time
        end_time
      }
      in_waitlist
      status
    }
    excuses {
      id
      date
      notes
      attendable_id
      attendable_type
      attendable_title
      created_at
    }
    course_stats {
      course {
        id
        uuid
        title
        start_time
        end_time
      }
      apa
      week_apa
      attended
      missed
      last_attended
      missed_streak
    }
    now {
      attendable_type
      attendable_uuid
      title
      start_time
      end_time
      status
      enter
      last_ping_at
      location_name
      inside
    }
  }
}
    `) as unknown as TypedDocumentString<StudentDetailQuery, StudentDetailQueryVariables>;
export const StudentNotesDocument = new TypedDocumentString(`
    query studentNotes($student_uuid: String!, $page: Int, $per_page: Int) {
  notes(student_uuid: $student_uuid, page: $page, per_page: $per_page) {
    total
    data {
      id
      message
      created_at
      user {
        id
        first_name
        last_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<StudentNotesQuery, StudentNotesQueryVariables>;
export const StudentDetailUpdateDocument = new TypedDocumentString(`
    mutation studentDetailUpdate($id: Int!, $first_name: String, $last_name: String, $preferred_name: String, $email: String, $phone: String, $school_identifier: String, $age: Int, $pid_number: String, $zip: String, $date_of_birth: String, $is_veteran: Boolean, $housing: String, $employment: String, $sexual_identity: String, $gender: String, $sex: String, $race: String) {
  updateStudent(
    id: $id
    first_name: $first_name
    last_name: $last_name
    preferred_name: $preferred_name
    email: $email
    phone: $phone
    school_identifier: $school_identifier
    age: $age
    pid_number: $pid_number
    zip: $zip
    date_of_birth: $date_of_birth
    is_veteran: $is_veteran
    housing: $housing
    employment: $employment
    sexual_identity: $sexual_identity
    gender: $gender
    sex: $sex
    race: $race
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailUpdateMutation, StudentDetailUpdateMutationVariables>;
export const StudentDetailRemoveDocument = new TypedDocumentString(`
    mutation studentDetailRemove($id: Int!) {
  removeStudent(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailRemoveMutation, StudentDetailRemoveMutationVariables>;
export const StudentDetailRestoreDocument = new TypedDocumentString(`
    mutation studentDetailRestore($id: Int!) {
  restoreStudent(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailRestoreMutation, StudentDetailRestoreMutationVariables>;
export const StudentDetailResetTokenDocument = new TypedDocumentString(`
    mutation studentDetailResetToken($id: Int!, $send_email: Boolean) {
  resetStudentToken(id: $id, send_email: $send_email) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailResetTokenMutation, StudentDetailResetTokenMutationVariables>;
export const StudentDetailReleaseDeviceDocument = new TypedDocumentString(`
    mutation studentDetailReleaseDevice($student_id: Int!, $device_id: Int) {
  releaseDevice(student_id: $student_id, device_id: $device_id) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailReleaseDeviceMutation, StudentDetailReleaseDeviceMutationVariables>;
export const StudentDetailCreateNoteDocument = new TypedDocumentString(`
    mutation studentDetailCreateNote($student_uuid: String!, $message: String!) {
  createNote(student_uuid: $student_uuid, message: $message) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailCreateNoteMutation, StudentDetailCreateNoteMutationVariables>;
export const StudentDetailCreateExcuseDocument = new TypedDocumentString(`
    mutation studentDetailCreateExcuse($student_id: Int!, $date: String!, $attendable_id: Int!, $attendable_type: String!, $notes: String) {
  createExcuse(
    student_id: $student_id
    date: $date
    attendable_id: $attendable_id
    attendable_type: $attendable_type
    notes: $notes
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailCreateExcuseMutation, StudentDetailCreateExcuseMutationVariables>;
export const StudentDetailRemoveExcuseDocument = new TypedDocumentString(`
    mutation studentDetailRemoveExcuse($id: Int!) {
  removeExcuse(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<StudentDetailRemoveExcuseMutation, StudentDetailRemoveExcuseMutationVariables>;
export const RemoveStudentsDocument = new TypedDocumentString(`
    mutation removeStudents($student_ids: [Int!]!) {
  removeStudents(student_ids: $student_ids) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<RemoveStudentsMutation, RemoveStudentsMutationVariables>;
export const RestoreStudentsDocument = new TypedDocumentString(`
    mutation restoreStudents($student_ids: [Int!]!) {
  restoreStudents(student_ids: $student_ids) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<RestoreStudentsMutation, RestoreStudentsMutationVariables>;
export const ResetStudentsTokensDocument = new TypedDocumentString(`
    mutation resetStudentsTokens($student_ids: [Int!]!, $send_email: Boolean) {
  resetStudentsTokens(student_ids: $student_ids, send_email: $send_email) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<ResetStudentsTokensMutation, ResetStudentsTokensMutationVariables>;
export const AddCourseToStudentsDocument = new TypedDocumentString(`
    mutation addCourseToStudents($course_id: Int!, $student_ids: [Int!]!) {
  addCourseToStudents(course_id: $course_id, student_ids: $student_ids) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<AddCourseToStudentsMutation, AddCourseToStudentsMutationVariables>;
export const AddStudentsToTeamDocument = new TypedDocumentString(`
    mutation addStudentsToTeam($team_id: Int!, $student_ids: [Int!]!) {
  addStudentsToTeam(team_id: $team_id, student_ids: $student_ids) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<AddStudentsToTeamMutation, AddStudentsToTeamMutationVariables>;
export const AddStudentsToEventDocument = new TypedDocumentString(`
    mutation addStudentsToEvent($event_id: Int!, $student_ids: [Int!]!) {
  addStudentsToEvent(event_id: $event_id, student_ids: $student_ids) {
    student_ids
    changed
  }
}
    `) as unknown as TypedDocumentString<AddStudentsToEventMutation, AddStudentsToEventMutationVariables>;
export const CreateStudentDocument = new TypedDocumentString(`
    mutation createStudent($first_name: String!, $last_name: String!, $preferred_name: String, $email: String, $phone: String, $school_identifier: String) {
  createStudent(
    first_name: $first_name
    last_name: $last_name
    preferred_name: $preferred_name
    email: $email
    phone: $phone
    school_identifier: $school_identifier
  ) {
    id
    uuid
  }
}
    `) as unknown as TypedDocumentString<CreateStudentMutation, CreateStudentMutationVariables>;
export const StudentsListDocument = new TypedDocumentString(`
    query studentsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $state: String, $relation: String, $relation_uuid: String) {
  school {
    id
    timezone
    warning_percentage
  }
  students(
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
    query: $query
    state: $state
    relation: $relation
    relation_uuid: $relation_uuid
  ) {
    total
    data {
      id
      uuid
      first_name
      last_name
      preferred_name
      email
      school_identifier
      weekly_apa
      semester_apa
      last_seen
      deleted_at
      device_id
      device {
        id
        location_permission
        bluetooth_permission
      }
    }
  }
}
    `) as unknown as TypedDocumentString<StudentsListQuery, StudentsListQueryVariables>;
export const CourseOptionsDocument = new TypedDocumentString(`
    query courseOptions($query: String, $per_page: Int) {
  courses(query: $query, per_page: $per_page, sort_by: "title") {
    total
    data {
      id
      uuid
      title
    }
  }
}
    `) as unknown as TypedDocumentString<CourseOptionsQuery, CourseOptionsQueryVariables>;
export const TeamOptionsDocument = new TypedDocumentString(`
    query teamOptions($query: String, $per_page: Int) {
  teams(query: $query, per_page: $per_page, sort_by: "name") {
    data {
      id
      uuid
      name
    }
  }
}
    `) as unknown as TypedDocumentString<TeamOptionsQuery, TeamOptionsQueryVariables>;
export const EventOptionsDocument = new TypedDocumentString(`
    query eventOptions($query: String, $per_page: Int) {
  events(
    query: $query
    per_page: $per_page
    state: "all"
    sort_by: "date"
    sort_dir: "desc"
  ) {
    data {
      id
      uuid
      title
      date
    }
  }
}
    `) as unknown as TypedDocumentString<EventOptionsQuery, EventOptionsQueryVariables>;
export const TeamsListDocument = new TypedDocumentString(`
    query teamsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $state: String) {
  school {
    id
    timezone
    warning_percentage
  }
  teams(
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
    query: $query
    state: $state
  ) {
    total
    data {
      id
      uuid
      name
      tag
      is_sport
      visibility
      students_count
      apa
      deleted_at
    }
  }
}
    `) as unknown as TypedDocumentString<TeamsListQuery, TeamsListQueryVariables>;
export const TeamDetailDocument = new TypedDocumentString(`
    query teamDetail($uuid: String!) {
  school {
    id
    timezone
    warning_percentage
  }
  team(uuid: $uuid) {
    id
    uuid
    name
    tag
    is_sport
    visibility
    students_count
    apa
    deleted_at
  }
}
    `) as unknown as TypedDocumentString<TeamDetailQuery, TeamDetailQueryVariables>;
export const CreateTeamDocument = new TypedDocumentString(`
    mutation createTeam($name: String!, $tag: String, $is_sport: Boolean, $visibility: String) {
  createTeam(name: $name, tag: $tag, is_sport: $is_sport, visibility: $visibility) {
    id
    uuid
    name
  }
}
    `) as unknown as TypedDocumentString<CreateTeamMutation, CreateTeamMutationVariables>;
export const UpdateTeamDocument = new TypedDocumentString(`
    mutation updateTeam($id: Int!, $name: String, $tag: String, $is_sport: Boolean, $visibility: String) {
  updateTeam(
    id: $id
    name: $name
    tag: $tag
    is_sport: $is_sport
    visibility: $visibility
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateTeamMutation, UpdateTeamMutationVariables>;
export const RemoveTeamDocument = new TypedDocumentString(`
    mutation removeTeam($id: Int!) {
  removeTeam(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveTeamMutation, RemoveTeamMutationVariables>;
export const RestoreTeamDocument = new TypedDocumentString(`
    mutation restoreTeam($id: Int!) {
  restoreTeam(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RestoreTeamMutation, RestoreTeamMutationVariables>;
export const GroupsAttachStudentsDocument = new TypedDocumentString(`
    mutation groupsAttachStudents($attachable_type: String!, $attachable_id: Int!, $student_ids: [Int!]!) {
  attachStudents(
    attachable_type: $attachable_type
    attachable_id: $attachable_id
    student_ids: $student_ids
  ) {
    changed
    student_ids
  }
}
    `) as unknown as TypedDocumentString<GroupsAttachStudentsMutation, GroupsAttachStudentsMutationVariables>;
export const GroupsDetachStudentsDocument = new TypedDocumentString(`
    mutation groupsDetachStudents($attachable_type: String!, $attachable_id: Int!, $student_ids: [Int!]!) {
  detachStudents(
    attachable_type: $attachable_type
    attachable_id: $attachable_id
    student_ids: $student_ids
  ) {
    changed
    student_ids
  }
}
    `) as unknown as TypedDocumentString<GroupsDetachStudentsMutation, GroupsDetachStudentsMutationVariables>;
export const TeamAttachSchoolIdsDocument = new TypedDocumentString(`
    mutation teamAttachSchoolIds($team_id: Int!, $student_school_ids: [String!]!) {
  attachStudentsToTeam(team_id: $team_id, student_school_ids: $student_school_ids) {
    changed
    student_ids
    unknown
  }
}
    `) as unknown as TypedDocumentString<TeamAttachSchoolIdsMutation, TeamAttachSchoolIdsMutationVariables>;
export const TeamTravelDocument = new TypedDocumentString(`
    query teamTravel($team_id: Int!) {
  travel(
    team_id: $team_id
    per_page: 250
    sort_by: "start_date"
    sort_dir: "desc"
  ) {
    total
    data {
      id
      team_id
      start_date
      end_date
      notes
      is_away
      students_count
      students {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TeamTravelQuery, TeamTravelQueryVariables>;
export const TeamCreateTravelDocument = new TypedDocumentString(`
    mutation teamCreateTravel($team_id: Int!, $start_date: String, $end_date: String, $notes: String, $is_away: Boolean, $student_ids: [Int!]) {
  createTravel(
    team_id: $team_id
    start_date: $start_date
    end_date: $end_date
    notes: $notes
    is_away: $is_away
    student_ids: $student_ids
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<TeamCreateTravelMutation, TeamCreateTravelMutationVariables>;
export const TeamUpdateTravelDocument = new TypedDocumentString(`
    mutation teamUpdateTravel($id: Int!, $start_date: String, $end_date: String, $notes: String, $is_away: Boolean, $student_ids: [Int!]) {
  updateTravel(
    id: $id
    start_date: $start_date
    end_date: $end_date
    notes: $notes
    is_away: $is_away
    student_ids: $student_ids
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<TeamUpdateTravelMutation, TeamUpdateTravelMutationVariables>;
export const TeamRemoveTravelDocument = new TypedDocumentString(`
    mutation teamRemoveTravel($id: Int!) {
  removeTravel(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<TeamRemoveTravelMutation, TeamRemoveTravelMutationVariables>;
export const TeamMembersDocument = new TypedDocumentString(`
    query teamMembers($relation_uuid: String) {
  students(
    relation: "team"
    relation_uuid: $relation_uuid
    per_page: 250
    sort_by: "name"
    state: "active"
  ) {
    total
    data {
      id
      uuid
      first_name
      last_name
      preferred_name
    }
  }
}
    `) as unknown as TypedDocumentString<TeamMembersQuery, TeamMembersQueryVariables>;
export const TeamUsersDocument = new TypedDocumentString(`
    query teamUsers($uuid: String!) {
  team(uuid: $uuid) {
    id
    users {
      id
      first_name
      last_name
      email
      role_id
      role {
        id
        display_name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<TeamUsersQuery, TeamUsersQueryVariables>;
export const TechnicalStatusDocument = new TypedDocumentString(`
    query technicalStatus {
  technical {
    version
    node_version
    device_api_url
    checkin_url
    database {
      kind
      ok
      latency_ms
      server_version
    }
    mail {
      configured
      waiting
      failing
      sent_last_day
      last_error
    }
    push {
      transport
      clients
    }
  }
}
    `) as unknown as TypedDocumentString<TechnicalStatusQuery, TechnicalStatusQueryVariables>;
export const AlertTargetsDocument = new TypedDocumentString(`
    query alertTargets {
  courses(per_page: 250, sort_by: "title") {
    data {
      id
      title
    }
  }
  teams(per_page: 250, sort_by: "name") {
    data {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<AlertTargetsQuery, AlertTargetsQueryVariables>;
export const ActingDocument = new TypedDocumentString(`
    query acting {
  me {
    id
    first_name
    last_name
    impersonator {
      id
      first_name
      last_name
    }
  }
}
    `) as unknown as TypedDocumentString<ActingQuery, ActingQueryVariables>;
export const UsersListDocument = new TypedDocumentString(`
    query usersList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $role_id: Int, $state: String) {
  users(
    page: $page
    per_page: $per_page
    sort_by: $sort_by
    sort_dir: $sort_dir
    query: $query
    role_id: $role_id
    state: $state
  ) {
    total
    data {
      id
      first_name
      last_name
      email
      role_id
      active
      deleted_at
      last_seen
      role {
        id
        display_name
      }
    }
  }
  school {
    id
    timezone
    allow_user_invite
  }
}
    `) as unknown as TypedDocumentString<UsersListQuery, UsersListQueryVariables>;
export const UserDetailDocument = new TypedDocumentString(`
    query userDetail($id: Int!) {
  user(id: $id) {
    id
    first_name
    last_name
    email
    pending_email
    phone_number
    school_id
    role_id
    active
    deleted_at
    last_seen
    prefers_sms
    late_email
    absent_email
    tardy_absent_email
    pindrop_email
    daily_recap_email
    weekly_startup_email
    weekly_recap_email
    alert_filter
    role {
      id
      display_name
    }
    assignedCourses {
      id
      uuid
      title
    }
    assignedEvents {
      id
      uuid
      title
    }
    assignedTeams {
      id
      uuid
      name
    }
    assignedStudents {
      id
      uuid
      first_name
      last_name
    }
  }
  school {
    id
    timezone
  }
}
    `) as unknown as TypedDocumentString<UserDetailQuery, UserDetailQueryVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation updateUser($id: Int!, $first_name: String, $last_name: String, $email: String, $phone_number: String, $role_id: Int, $active: Boolean) {
  updateUser(
    id: $id
    first_name: $first_name
    last_name: $last_name
    email: $email
    phone_number: $phone_number
    role_id: $role_id
    active: $active
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const RemoveUserDocument = new TypedDocumentString(`
    mutation removeUser($id: Int!) {
  removeUser(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveUserMutation, RemoveUserMutationVariables>;
export const RestoreUserDocument = new TypedDocumentString(`
    mutation restoreUser($id: Int!) {
  restoreUser(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RestoreUserMutation, RestoreUserMutationVariables>;
export const InviteUserAdminDocument = new TypedDocumentString(`
    mutation inviteUserAdmin($email: String!, $first_name: String!, $last_name: String, $role_id: Int!) {
  inviteUser(
    email: $email
    first_name: $first_name
    last_name: $last_name
    role_id: $role_id
  ) {
    id
    email
  }
}
    `) as unknown as TypedDocumentString<InviteUserAdminMutation, InviteUserAdminMutationVariables>;
export const InvitationsListDocument = new TypedDocumentString(`
    query invitationsList($state: String, $page: Int, $per_page: Int) {
  invitations(state: $state, page: $page, per_page: $per_page) {
    total
    data {
      id
      email
      first_name
      last_name
      role_id
      expires_at
      created_at
    }
  }
  school {
    id
    timezone
    allow_user_invite
  }
}
    `) as unknown as TypedDocumentString<InvitationsListQuery, InvitationsListQueryVariables>;
export const ResendInvitationDocument = new TypedDocumentString(`
    mutation resendInvitation($id: Int!) {
  resendInvitation(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<ResendInvitationMutation, ResendInvitationMutationVariables>;
export const RevokeInvitationDocument = new TypedDocumentString(`
    mutation revokeInvitation($id: Int!) {
  revokeInvitation(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<RevokeInvitationMutation, RevokeInvitationMutationVariables>;
export const SendPasswordResetDocument = new TypedDocumentString(`
    mutation sendPasswordReset($id: Int!) {
  sendPasswordReset(id: $id)
}
    `) as unknown as TypedDocumentString<SendPasswordResetMutation, SendPasswordResetMutationVariables>;
export const SignOutUserDocument = new TypedDocumentString(`
    mutation signOutUser($id: Int!) {
  signOutUser(id: $id)
}
    `) as unknown as TypedDocumentString<SignOutUserMutation, SignOutUserMutationVariables>;
export const UpdateNotificationsDocument = new TypedDocumentString(`
    mutation updateNotifications($user_id: Int!, $late_email: Boolean, $absent_email: Boolean, $tardy_absent_email: Boolean, $pindrop_email: Boolean, $daily_recap_email: Boolean, $weekly_startup_email: Boolean, $weekly_recap_email: Boolean, $prefers_sms: Boolean, $phone_number: String, $alert_filter: [String!]) {
  updateNotifications(
    user_id: $user_id
    late_email: $late_email
    absent_email: $absent_email
    tardy_absent_email: $tardy_absent_email
    pindrop_email: $pindrop_email
    daily_recap_email: $daily_recap_email
    weekly_startup_email: $weekly_startup_email
    weekly_recap_email: $weekly_recap_email
    prefers_sms: $prefers_sms
    phone_number: $phone_number
    alert_filter: $alert_filter
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateNotificationsMutation, UpdateNotificationsMutationVariables>;
export const AttachUserToDocument = new TypedDocumentString(`
    mutation attachUserTo($type: String!, $id: Int!, $user_ids: [Int!]!) {
  attachUsers(assignable_type: $type, assignable_id: $id, user_ids: $user_ids) {
    changed
  }
}
    `) as unknown as TypedDocumentString<AttachUserToMutation, AttachUserToMutationVariables>;
export const DetachUserFromDocument = new TypedDocumentString(`
    mutation detachUserFrom($type: String!, $id: Int!, $user_ids: [Int!]!) {
  detachUsers(assignable_type: $type, assignable_id: $id, user_ids: $user_ids) {
    changed
  }
}
    `) as unknown as TypedDocumentString<DetachUserFromMutation, DetachUserFromMutationVariables>;
export const PickAssignablesDocument = new TypedDocumentString(`
    query pickAssignables($query: String, $courses: Boolean!, $events: Boolean!, $teams: Boolean!, $students: Boolean!) {
  courses(query: $query, per_page: 20) @include(if: $courses) {
    data {
      id
      title
    }
  }
  events(query: $query, per_page: 20) @include(if: $events) {
    data {
      id
      title
    }
  }
  teams(query: $query, per_page: 20) @include(if: $teams) {
    data {
      id
      name
    }
  }
  students(query: $query, per_page: 20) @include(if: $students) {
    data {
      id
      first_name
      last_name
    }
  }
}
    `) as unknown as TypedDocumentString<PickAssignablesQuery, PickAssignablesQueryVariables>;
export const SwitchUserDocument = new TypedDocumentString(`
    mutation switchUser($user_id: Int!) {
  switchUser(user_id: $user_id) {
    access_token
    search_token
  }
}
    `) as unknown as TypedDocumentString<SwitchUserMutation, SwitchUserMutationVariables>;
export const SwitchBackDocument = new TypedDocumentString(`
    mutation switchBack {
  switchBack {
    access_token
    search_token
  }
}
    `) as unknown as TypedDocumentString<SwitchBackMutation, SwitchBackMutationVariables>;
export const MeDocument = new TypedDocumentString(`
    query me {
  me {
    id
    first_name
    last_name
    email
    school_id
    higher_contrast
    a11y_mode
    role {
      id
      name
      display_name
      permissions {
        override
        reset_token
        create_participant
        assign_appointment
        create_appointment
        view_information
        access_reports
        cancellations
      }
    }
    tasks {
      id
      description
      taskable_id
      taskable_type
      created_at
      taskable {
        id
        student {
          id
          uuid
        }
      }
    }
    tiles {
      id
      tileable_id
      tileable_type
      tileable {
        id
        uuid
        title
        name
        apa
        attendance_last_class {
          label
          value
        }
        attendance_now {
          meets
          present
          expected
        }
      }
    }
    assignedCourses {
      id
      title
    }
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const GetParamsDocument = new TypedDocumentString(`
    query getParams {
  schools(sort_by: "name") {
    total
    data {
      id
      name
    }
  }
  roles {
    total
    data {
      id
      name
      display_name
    }
  }
  statuses {
    total
    data {
      id
      name
    }
  }
  searchConfig {
    provider
    endpoint
    per_page
    indexes
  }
}
    `) as unknown as TypedDocumentString<GetParamsQuery, GetParamsQueryVariables>;
export const DetailAddToDashboardDocument = new TypedDocumentString(`
    mutation detailAddToDashboard($id: Int!, $type: String!) {
  addToDashboard(id: $id, type: $type) {
    id
  }
}
    `) as unknown as TypedDocumentString<DetailAddToDashboardMutation, DetailAddToDashboardMutationVariables>;
export const RosterOverrideDocument = new TypedDocumentString(`
    mutation rosterOverride($id: Int!, $status: Int!) {
  updateAttendance(id: $id, status: $status) {
    id
    status
    lock
  }
}
    `) as unknown as TypedDocumentString<RosterOverrideMutation, RosterOverrideMutationVariables>;
export const RosterOfflineCodeDocument = new TypedDocumentString(`
    mutation rosterOfflineCode($student_id: Int!, $attendable_id: Int!, $attendable_type: String!, $code: String!) {
  submitOfflineCode(
    student_id: $student_id
    attendable_id: $attendable_id
    attendable_type: $attendable_type
    code: $code
  ) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<RosterOfflineCodeMutation, RosterOfflineCodeMutationVariables>;
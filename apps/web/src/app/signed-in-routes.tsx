/**
 * The signed-in pages' routes, loaded on the first navigation to one (App.tsx,
 * patchRoutesOnNavigation): every page is still its own chunk, and this table of their imports
 * stays out of the entry that /Login loads.
 */
import type { RouteObject } from "react-router";
import { lazyPage } from "./lazy-page.ts";
import type { RouteHandle } from "./route-handle.ts";

const DashboardPage = lazyPage(() => import("../features/dashboard/DashboardPage.tsx"));
const ProfilePage = lazyPage(() => import("../features/profile/ProfilePage.tsx"));
const StudentsPage = lazyPage(() => import("../features/students/list/StudentsPage.tsx"));
const StudentDetailPage = lazyPage(() => import("../features/students/detail/StudentDetailPage.tsx"));
const StudentAttendancePage = lazyPage(() => import("../features/students/attendance/StudentAttendancePage.tsx"));
const CoursesPage = lazyPage(() => import("../features/courses/list/CoursesPage.tsx"));
const CourseDetailPage = lazyPage(() => import("../features/courses/detail/CourseDetailPage.tsx"));
const EventsPage = lazyPage(() => import("../features/events/list/EventsPage.tsx"));
const EventDetailPage = lazyPage(() => import("../features/events/detail/EventDetailPage.tsx"));
const TeamsPage = lazyPage(() => import("../features/teams/list/TeamsPage.tsx"));
const TeamDetailPage = lazyPage(() => import("../features/teams/detail/TeamDetailPage.tsx"));
const UsersPage = lazyPage(() => import("../features/users/UsersPage.tsx"));
const UserDetailPage = lazyPage(() => import("../features/users/detail/UserDetailPage.tsx"));
const ReportsIndexPage = lazyPage(() => import("../features/reports/ReportsIndexPage.tsx"));
const ReportRoutePage = lazyPage(() => import("../features/reports/ReportRoutePage.tsx"));
const SettingsPage = lazyPage(() => import("../features/settings/SettingsPage.tsx"));
const LocationDetailPage = lazyPage(() => import("../features/locations/LocationDetailPage.tsx"));
const ImportPage = lazyPage(() => import("../features/imports/ImportPage.tsx"));

const area = (a: RouteHandle["area"]): RouteHandle => ({ area: a });

export const signedInRoutes: RouteObject[] = [
  { path: "/Dashboard", handle: area("dashboard"), element: <DashboardPage /> },
  { path: "/Students", handle: area("participants"), element: <StudentsPage /> },
  { path: "/Students/:uuid", handle: area("participants"), element: <StudentDetailPage /> },
  {
    path: "/Students/:studentUuid/Attendance/:attendableUuid",
    handle: area("participants"),
    element: <StudentAttendancePage type="course" />,
  },
  {
    path: "/Students/:studentUuid/Courses/:attendableUuid/Attendance",
    handle: area("participants"),
    element: <StudentAttendancePage type="course" />,
  },
  {
    path: "/Students/:studentUuid/Events/:attendableUuid/Attendance",
    handle: area("participants"),
    element: <StudentAttendancePage type="event" />,
  },
  { path: "/Courses", handle: area("recurring"), element: <CoursesPage /> },
  { path: "/Courses/:uuid/*", handle: area("recurring"), element: <CourseDetailPage /> },
  { path: "/Events", handle: area("singular"), element: <EventsPage /> },
  { path: "/Events/:uuid/*", handle: area("singular"), element: <EventDetailPage /> },
  { path: "/Teams", handle: area("groups"), element: <TeamsPage /> },
  { path: "/Teams/:uuid/*", handle: area("groups"), element: <TeamDetailPage /> },
  { path: "/Reports", handle: area("reports"), element: <ReportsIndexPage /> },
  { path: "/Reports/:report", handle: area("reports"), element: <ReportRoutePage /> },
  { path: "/Users", handle: area("users"), element: <UsersPage /> },
  { path: "/Users/:id/*", handle: area("users"), element: <UserDetailPage /> },
  { path: "/Settings", handle: area("settings"), element: <SettingsPage /> },
  { path: "/Locations/:id", handle: area("settings"), element: <LocationDetailPage /> },
  { path: "/Imports/:uuid", handle: area("settings"), element: <ImportPage /> },
  { path: "/Profile", handle: area("profile"), element: <ProfilePage /> },
];

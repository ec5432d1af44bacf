import { Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from "react-router";
import { HOME } from "../lib/redirect.ts";
import { GuestOnly, PageLoader, RequireSession } from "./guards.tsx";
import { Logout } from "./Logout.tsx";
import { lazyPage } from "./lazy-page.ts";
import { Providers } from "./Providers.tsx";
import { RouteError } from "./RouteError.tsx";
import type { RouteHandle } from "./route-handle.ts";
import "./a11y.css";

// every page is its own chunk: /Login loads the guest form and nothing of the signed-in app
const LoginPage = lazyPage(() => import("../features/auth/LoginPage.tsx"));
const ForgotPasswordPage = lazyPage(() => import("../features/auth/ForgotPasswordPage.tsx"));
const ResetPasswordPage = lazyPage(() => import("../features/auth/ResetPasswordPage.tsx"));
const InvitePage = lazyPage(() => import("../features/auth/InvitePage.tsx"));
const EventSignupPage = lazyPage(() => import("../features/signup/EventSignupPage.tsx"));
const DashboardPage = lazyPage(() => import("../features/dashboard/DashboardPage.tsx"));
const LaterPage = lazyPage(() => import("../features/later/LaterPage.tsx"));
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
const NotFoundPage = lazyPage(() => import("../features/later/NotFoundPage.tsx"));
// the students' check-in PWA: outside the staff shell and every guard
const CheckInApp = lazyPage(() => import("../features/checkin/CheckInApp.tsx"));

const area = (a: RouteHandle["area"]): RouteHandle => ({ area: a });

/** A page that later issues build: its route and guard exist now. */
const later = (path: string, title: string, handle: RouteHandle) => ({
  path,
  handle,
  element: <LaterPage title={title} />,
});

const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <Navigate to={HOME} replace /> },
      { path: "/Logout", element: <Logout /> },
      {
        path: "/CheckIn/*",
        element: (
          <Suspense fallback={<PageLoader />}>
            <CheckInApp />
          </Suspense>
        ),
      },
      {
        element: <GuestOnly />,
        children: [
          { path: "/Login", element: <LoginPage /> },
          { path: "/ForgotPassword", element: <ForgotPasswordPage /> },
          { path: "/ResetPassword/:uuid", element: <ResetPasswordPage /> },
          { path: "/Invite/:uuid", element: <InvitePage /> },
          { path: "/EventSignup/:uuid", element: <EventSignupPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
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
          later("/Reports", "Reports", area("reports")),
          later("/Reports/:report", "Report", area("reports")),
          later("/Users", "Users", area("users")),
          later("/Users/:id/*", "User", area("users")),
          later("/Settings", "Settings", area("settings")),
          later("/Locations/:id", "Location", area("settings")),
          later("/Imports/:uuid", "Import", area("settings")),
          { path: "/Profile", handle: area("profile"), element: <ProfilePage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

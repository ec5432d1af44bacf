import { Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from "react-router";
import { HOME } from "../lib/redirect.ts";
import { GuestOnly, PageLoader, RequireSession } from "./guards.tsx";
import { Logout } from "./Logout.tsx";
import { ChunkLoadError, lazyPage } from "./lazy-page.ts";
import { Providers } from "./Providers.tsx";
import { RouteError } from "./RouteError.tsx";
import "./a11y.css";

// every page is its own chunk: /Login loads the guest form and nothing of the signed-in app
const LoginPage = lazyPage(() => import("../features/auth/LoginPage.tsx"));
const ForgotPasswordPage = lazyPage(() => import("../features/auth/ForgotPasswordPage.tsx"));
const ResetPasswordPage = lazyPage(() => import("../features/auth/ResetPasswordPage.tsx"));
const InvitePage = lazyPage(() => import("../features/auth/InvitePage.tsx"));
const ConfirmEmailPage = lazyPage(() => import("../features/auth/ConfirmEmailPage.tsx"));
const EventSignupPage = lazyPage(() => import("../features/signup/EventSignupPage.tsx"));
const NotFoundPage = lazyPage(() => import("../features/later/NotFoundPage.tsx"));
// the students' check-in PWA: outside the staff shell and every guard
const CheckInApp = lazyPage(() => import("../features/checkin/CheckInApp.tsx"));

const SIGNED_IN = "signed-in";
let signedInPatched = false;

const router = createBrowserRouter(
  [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      // A first load of a signed-in page (/Students) or of a route with a parameter
      // (/Invite/:uuid, /CheckIn/*) waits for patchRoutesOnNavigation below before the router is
      // initialised: the router renders this meanwhile (without it, a blank page and React
      // Router's "No HydrateFallback element provided" warning on every such load)
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: "/", element: <Navigate to={HOME} replace /> },
        { path: "/Logout", element: <Logout /> },
        // opened from a mail, signed in or not (the change was asked for while signed in)
        {
          path: "/ConfirmEmail/:uuid",
          element: (
            <Suspense fallback={<PageLoader />}>
              <ConfirmEmailPage />
            </Suspense>
          ),
        },
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
          // the signed-in pages' routes arrive with signed-in-routes.tsx on the first navigation
          // to one (patchRoutesOnNavigation below): /Login's entry holds none of their imports
          id: SIGNED_IN,
          element: <RequireSession />,
          children: [{ path: "*", element: <NotFoundPage /> }],
        },
      ],
    },
  ],
  {
    // called for a path no route matches yet, or one only the catch-all matches (/Students, or
    // /Login's sign-in landing on /Dashboard): load the signed-in route table once and add it
    async patchRoutesOnNavigation({ patch }) {
      if (signedInPatched) return;
      const { signedInRoutes } = await import("./signed-in-routes.tsx").catch((err: unknown) => {
        throw new ChunkLoadError(err);
      });
      if (signedInPatched) return;
      signedInPatched = true;
      patch(SIGNED_IN, signedInRoutes);
    },
  },
);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

import { Center, Loader } from "@mantine/core";
import { Suspense } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { HOME, loginPath, safeRedirect } from "../lib/redirect.ts";
import { peekRememberedPath, rememberPath, useSession } from "../lib/session.ts";
import { lazyPage } from "./lazy-page.ts";

export function PageLoader() {
  return (
    // the spinner is decoration: the live region's text is what a screen reader announces
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </Center>
  );
}

/**
 * Guest pages (/Login ...): a signed-in user is sent on, to the redirect query or the
 * remembered path when signing in has just happened here, else to the dashboard.
 */
export function GuestOnly() {
  const { token } = useSession();
  const [params] = useSearchParams();
  if (token) {
    const target = safeRedirect(params.get("redirect")) ?? safeRedirect(peekRememberedPath()) ?? HOME;
    return <Navigate to={target} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

// the shell and everything signed-in load only after a token exists, keeping /Login small
const SignedInRoot = lazyPage(() => import("./shell/SignedInRoot.tsx"));

/**
 * Signed-in pages: without a token the user goes to /Login?redirect=<path>, and the path is
 * remembered locally so signing in later returns there. Role checks happen in the shell once
 * `me` has loaded.
 */
export function RequireSession() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    const path = `${location.pathname}${location.search}`;
    rememberPath(path);
    return <Navigate to={loginPath(path)} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <SignedInRoot />
    </Suspense>
  );
}

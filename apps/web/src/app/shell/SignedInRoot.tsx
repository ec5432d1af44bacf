import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { Navigate, Outlet, useMatches } from "react-router";
import { useMeQuery } from "../../lib/me.ts";
import { HOME } from "../../lib/redirect.ts";
import { endSession, forgetRememberedPath, setPrefs } from "../../lib/session.ts";
import { ModalsProvider } from "../../ui/confirm.tsx";
import { UnsavedChangesGuard } from "../../ui/form/unsaved-changes.tsx";
import { NotificationsHost } from "../../ui/notify.tsx";
import { canOpen } from "../access.ts";
import { PageLoader } from "../guards.tsx";
import type { RefusedState } from "../refused.ts";
import { areaOf } from "../route-handle.ts";
import { PushSlot } from "./PushSlot.tsx";
import { RefusedNotice } from "./RefusedNotice.tsx";
import { Shell } from "./Shell.tsx";

/**
 * Everything behind sign-in, loaded as its own chunk. It owns the query cache (dropped on
 * logout with this component), loads `me` before showing anything, follows the user's display
 * preferences, and sends a role that may not open the route's area to the dashboard, which then
 * says why (RefusedNotice).
 */
export default function SignedInRoot() {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <NotificationsHost />
        <SignedIn />
      </ModalsProvider>
    </QueryClientProvider>
  );
}

function SignedIn() {
  const me = useMeQuery();
  const matches = useMatches();
  const user = me.data;
  const failed = me.isError && !user;

  useEffect(() => {
    // spec: a failed current-user load goes to login with a redirect (a 401 has ended the session already)
    if (failed) endSession("expired");
  }, [failed]);

  useEffect(() => {
    if (!user) return;
    setPrefs({ higher_contrast: user.higher_contrast, a11y_mode: user.a11y_mode });
    forgetRememberedPath();
  }, [user]);

  if (!user) return <PageLoader />;

  const area = matches.map((m) => areaOf(m.handle)).findLast((a) => a !== null) ?? null;
  if (area && !canOpen(area, user))
    return <Navigate to={HOME} replace state={{ refused: area } satisfies RefusedState} />;

  return (
    <>
      <PushSlot />
      {/* asks before a navigation leaves a form's edits unsaved (useUnsavedChanges) */}
      <UnsavedChangesGuard />
      <Shell me={user}>
        <RefusedNotice />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Shell>
    </>
  );
}

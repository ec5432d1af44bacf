import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { roleById } from "@rollbook/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderOptions, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider, useLocation } from "react-router";
import { ME_KEY, type Me } from "../src/lib/me.ts";
import { NotificationsHost } from "../src/ui/notify.tsx";

/** Shows the router's current search string, so tests can read what a widget wrote to the URL. */
export function LocationProbe() {
  const { search } = useLocation();
  return <output data-testid="location">{search}</output>;
}

/** A signed-in user of the demo school with a role's permissions, as the shell's `me` query holds it. */
export function testMe(roleId: number, patch: Partial<Me> = {}): Me {
  const role = roleById(roleId);
  return {
    id: 900 + roleId,
    first_name: "Test",
    last_name: role.display_name,
    email: `${role.name}@test.invalid`,
    school_id: 1,
    higher_contrast: false,
    a11y_mode: false,
    role: { id: role.id, name: role.name, display_name: role.display_name, permissions: { ...role.permissions } },
    tasks: [],
    tiles: [],
    assignedCourses: [],
    ...patch,
  } as Me;
}

export interface RenderUiOptions extends RenderOptions {
  /** The in-memory router's first URL. */
  url?: string;
  /** The signed-in user, for components that read `useMe()` (the shell loads it in the app). */
  me?: Me;
}

/**
 * The providers the app wraps every page in (without transitions or portals), with an in-memory
 * router at `url` and a query cache of its own (no retries; `me` in it when given). Calls to the
 * server go to `fetch`: stub it (test/graphql-stub.ts) for a component that loads data.
 */
export function renderUi(ui: ReactNode, { url = "/", me, ...opts }: RenderUiOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  if (me) client.setQueryData(ME_KEY, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <MantineProvider env="test">
          <ModalsProvider>
            <NotificationsHost />
            {ui}
            <LocationProbe />
          </ModalsProvider>
        </MantineProvider>
      </MemoryRouter>
    </QueryClientProvider>,
    opts,
  );
}

/**
 * Like renderUi, with a data router (createMemoryRouter) over `routes` instead of <MemoryRouter>:
 * for what needs one (useBlocker). Returns the router too, to read or drive its location.
 */
export function renderRoutes(routes: RouteObject[], { url = "/", me, ...opts }: RenderUiOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  if (me) client.setQueryData(ME_KEY, me);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ModalsProvider>
          <NotificationsHost />
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
    opts,
  );
  return { ...view, router };
}

import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { type RenderOptions, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { NotificationsHost } from "../src/ui/notify.tsx";

/** Shows the router's current search string, so tests can read what a widget wrote to the URL. */
export function LocationProbe() {
  const { search } = useLocation();
  return <output data-testid="location">{search}</output>;
}

/** The providers the app wraps every page in (without transitions or portals), with an in-memory router at `url`. */
export function renderUi(ui: ReactNode, { url = "/", ...opts }: RenderOptions & { url?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <MantineProvider env="test">
        <ModalsProvider>
          <NotificationsHost />
          {ui}
          <LocationProbe />
        </ModalsProvider>
      </MantineProvider>
    </MemoryRouter>,
    opts,
  );
}

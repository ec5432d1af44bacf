import { AppShell, Box, Burger, Group } from "@mantine/core";
import { useDisclosure, useMediaQuery, useWindowScroll } from "@mantine/hooks";
import { BREAKPOINTS, HEADER_PIN_SCROLL, isMasterAdmin } from "@rollbook/domain";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { ExportTray } from "../../features/reports/ExportTray.tsx";
import { GlobalSearch } from "../../features/search/GlobalSearch.tsx";
import { ActingBanner } from "../../features/users/ActingBanner.tsx";
import type { Me } from "../../lib/me.ts";
import { Logo } from "../../ui/Logo.tsx";
import { SchoolSwitcher } from "./SchoolSwitcher.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { UserMenu } from "./UserMenu.tsx";

/**
 * The signed-in layout: header (skip link, menu toggle under 768 px, logo, global search (an
 * icon button on phones), school switcher for role 1, user menu; pinned with a shadow once the page scrolls over 10 px), the sidebar, and
 * the page as <main id="main">. The mobile menu closes after every route change.
 */
export function Shell({ me, children }: { me: Me; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const [scroll] = useWindowScroll();
  const phone = useMediaQuery(`(max-width: ${(BREAKPOINTS.phone - 0.1) / 16}em)`) ?? false;
  const pinned = scroll.y > HEADER_PIN_SCROLL;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point
  useEffect(() => close(), [location.key, close]);

  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && close();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [opened, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header
        data-pinned={pinned || undefined}
        style={{
          boxShadow: pinned ? "var(--mantine-shadow-md)" : "none",
          transition: "box-shadow 150ms ease",
        }}
      >
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="main-nav"
            />
            <Logo />
          </Group>
          <Box style={{ flex: phone ? "0 0 auto" : "0 1 360px", minWidth: 0 }} ml={phone ? "auto" : undefined}>
            <GlobalSearch />
          </Box>
          <Group gap="sm" wrap="nowrap">
            {isMasterAdmin(me.role.id) && <SchoolSwitcher schoolId={me.school_id} />}
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="main-nav" aria-label="Main" p="sm" inert={phone && !opened}>
        <Sidebar me={me} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {/* a switched session (switchUser) says so on every page, with the way back */}
        <ActingBanner />
        {children}
      </AppShell.Main>
      {/* background report exports: outside the page, so they outlive navigation */}
      <ExportTray />
    </AppShell>
  );
}

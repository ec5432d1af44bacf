import { NavLink, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import type { Me } from "../../lib/me.ts";
import { navItemsFor } from "../access.ts";

const isActive = (pathname: string, path: string) =>
  pathname.toLowerCase() === path.toLowerCase() || pathname.toLowerCase().startsWith(`${path.toLowerCase()}/`);

/** The sidebar links the user's role and permissions allow, in the spec's wording. */
export function Sidebar({ me }: { me: Me }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {navItemsFor(me).map((item) => {
        const active = isActive(pathname, item.path);
        return (
          <li key={item.path}>
            <NavLink
              component={Link}
              to={item.path}
              label={item.label}
              active={active}
              aria-current={active ? "page" : undefined}
              fw={600}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          </li>
        );
      })}
      <Text component="li" size="xs" c="dimmed" mt="md" px="sm">
        Signed in as {me.role.display_name}
      </Text>
    </Stack>
  );
}

import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import type { Me } from "../../lib/me.ts";
import classes from "./UserMenu.module.css";

const initials = (me: Me) => `${me.first_name.charAt(0)}${me.last_name.charAt(0)}`.toUpperCase();

/** The user's menu: who is signed in, Profile and Logout. */
export function UserMenu({ me }: { me: Me }) {
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton p={4} style={{ borderRadius: "var(--mantine-radius-md)" }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={32}>
              <span className={classes.initials} data-initials={initials(me)} aria-hidden="true" />
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm">
              {me.first_name} {me.last_name}
            </Text>
            <VisuallyHidden>User menu</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {me.first_name} {me.last_name} · {me.role.display_name}
        </Menu.Label>
        <Menu.Item component={Link} to="/Profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/Logout">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

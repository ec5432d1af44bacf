import { PERMISSION_FLAGS, type Permissions, roleById } from "@rollbook/domain";
import { builder } from "../builder.ts";

export interface RoleShape {
  id: number;
  name: string;
  display_name: string;
  permissions: Permissions;
}

const PermissionsRef = builder.objectRef<Permissions>("Permissions").implement({
  fields: (t) =>
    Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, t.exposeBoolean(f)])) as Record<
      string,
      ReturnType<typeof t.exposeBoolean>
    >,
});

export const RoleRef = builder.objectRef<RoleShape>("Role").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    display_name: t.exposeString("display_name"),
    permissions: t.field({ type: PermissionsRef, resolve: (r) => r.permissions }),
  }),
});

export function roleShape(roleId: number, permissions?: Permissions): RoleShape {
  const r = roleById(roleId);
  return { id: r.id, name: r.name, display_name: r.display_name, permissions: permissions ?? r.permissions };
}

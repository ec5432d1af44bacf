import type { devices } from "../../db/schema/index.ts";
import { builder } from "../builder.ts";

export type DeviceRow = typeof devices.$inferSelect;

/** A student's phone; its push token stays on the server. */
export const DeviceRef = builder.objectRef<DeviceRow>("Device").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    type: t.exposeString("type", { nullable: true }),
    os_version: t.exposeString("os_version", { nullable: true }),
    app_version: t.exposeString("app_version", { nullable: true }),
    model_name: t.exposeString("model_name", { nullable: true }),
    location_permission: t.exposeBoolean("location_permission"),
    bluetooth_permission: t.exposeBoolean("bluetooth_permission"),
    created_at: t.expose("created_at", { type: "DateTime" }),
    updated_at: t.expose("updated_at", { type: "DateTime" }),
    signed_out_at: t.expose("signed_out_at", {
      type: "DateTime",
      nullable: true,
      description: "When the student signed out on this phone in the check-in app; null for the active phone.",
    }),
  }),
});

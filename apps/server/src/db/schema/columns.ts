import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

/** UTC instants; the school's zone is applied only when shown. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () => ts("updated_at").notNull().defaultNow();
export const deletedAt = () => ts("deleted_at");
export const publicUuid = () => uuid("uuid").notNull().unique().default(sql`gen_random_uuid()`);

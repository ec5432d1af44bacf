import type { Scoped } from "../access/scoped.ts";
import type { Viewer } from "../access/viewer.ts";
import type { Services } from "../services.ts";

/** What a resolver may use besides the scoped data: no raw database handle. */
export type ResolverServices = Omit<Services, "db">;

export interface Context {
  s: ResolverServices;
  viewer: Viewer | null;
  /** the viewer's scoped data layer (access/scoped.ts): every read of a school's rows goes through it */
  data: Scoped;
}

/** The viewer of a resolver whose scope already demanded a signed-in user. */
export function viewerOf(ctx: Context): Viewer {
  if (!ctx.viewer) throw new Error("viewer missing behind an auth scope");
  return ctx.viewer;
}

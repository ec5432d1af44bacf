import type { Viewer } from "../access/viewer.ts";
import type { Services } from "../services.ts";

export interface Context {
  s: Services;
  viewer: Viewer | null;
}

/** The viewer of a resolver whose scope already demanded a signed-in user. */
export function viewerOf(ctx: Context): Viewer {
  if (!ctx.viewer) throw new Error("viewer missing behind an auth scope");
  return ctx.viewer;
}

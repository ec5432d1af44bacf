import type { Area } from "./access.ts";

/** Route `handle`: the area a signed-in route belongs to, checked by the shell's role guard. */
export interface RouteHandle {
  area: Area;
}

export function areaOf(handle: unknown): Area | null {
  const area = (handle as Partial<RouteHandle> | undefined)?.area;
  return typeof area === "string" ? area : null;
}

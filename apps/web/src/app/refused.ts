import { type Area, NAV_ITEMS } from "./access.ts";

/** The history state of the redirect that follows a refused page: which area was refused. */
export interface RefusedState {
  refused: Area;
  /** A page of an area the user may open, in words ("the Beacons report"), when that page was refused. */
  page?: string;
}

export function refusedArea(state: unknown): Area | null {
  const area = (state as Partial<RefusedState> | null)?.refused;
  return typeof area === "string" ? area : null;
}

export function refusedPage(state: unknown): string | null {
  const page = (state as Partial<RefusedState> | null)?.page;
  return typeof page === "string" ? page : null;
}

/**
 * "You do not have access to Users, so ...", in the sidebar's words for the area, or the refused
 * page's words when the area itself is open ("... access to the Beacons report, so ...").
 */
export function refusedText(area: Area, page?: string | null): string {
  const label = page || (NAV_ITEMS.find((item) => item.area === area)?.label ?? "that page");
  return `You do not have access to ${label}, so you were taken to the Dashboard.`;
}

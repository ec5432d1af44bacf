import { type Area, NAV_ITEMS } from "./access.ts";

/** The history state of the redirect that follows a refused page: which area was refused. */
export interface RefusedState {
  refused: Area;
}

export function refusedArea(state: unknown): Area | null {
  const area = (state as Partial<RefusedState> | null)?.refused;
  return typeof area === "string" ? area : null;
}

/** "You do not have access to Users.", in the sidebar's words for the area. */
export function refusedText(area: Area): string {
  const label = NAV_ITEMS.find((item) => item.area === area)?.label ?? "that page";
  return `You do not have access to ${label}, so you were taken to the Dashboard.`;
}

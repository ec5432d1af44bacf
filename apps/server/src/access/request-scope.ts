import type { Services } from "../services.ts";
import { Scoped } from "./scoped.ts";
import type { Viewer } from "./viewer.ts";

/**
 * A GraphQL request's context: the viewer, their scoped data layer, and the services
 * without the raw database, so that a resolver has no way around the scope.
 */
export function requestScope(s: Services, viewer: Viewer) {
  const { db: _raw, ...services } = s;
  return { s: services, viewer, data: new Scoped(s, viewer) };
}

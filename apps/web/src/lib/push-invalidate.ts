import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { PushEvent, PushType } from "./push-protocol.ts";

/**
 * What each message refreshes, by the first element of a TanStack Query key.
 * The convention the data hooks follow: a key starts with the area it shows
 * ("me", "dashboard", "students", "student", "courses", ...) or with the GraphQL
 * operation's name, which starts with that area in camelCase ("studentsList",
 * "courseDashboard"): both match. Keys outside these areas are left alone.
 */
/** Where a student's counts and rosters show: their pages and every course's, event's and team's. */
const ROSTERS = ["students", "student", "dashboard", "courses", "course", "events", "event", "teams", "team"] as const;

export const TOPICS: Record<PushType, readonly string[]> = {
  // a student joined or left a course, event or team: their counts, seats and rosters move too;
  // a user's page lists the students assigned to them
  "student.update": [...ROSTERS, "me", "user"],
  "attendance.update": ["attendance", ...ROSTERS],
  "task.update": ["me", "tasks", "dashboard"],
  // an import moved (Settings, /Imports/{uuid}): its progress, status and row errors
  "import.update": ["imports", "import"],
  // a course, event or team was edited (times, days, title, place, limits...), created, archived,
  // removed or restored, or its staff changed: its page, the lists, and what shows it elsewhere
  // (the dashboard's sessions, students' pages and attendance titles, search hits, figures'
  // meeting days, a user's page of what they are assigned)
  "course.update": ["courses", "course", "figures", "dashboard", "student", "attendance", "search", "user"],
  "event.update": ["events", "event", "figures", "dashboard", "student", "attendance", "search", "user"],
  "team.update": ["teams", "team", "student", "students", "groupsTeamOptions", "search", "user"],
};

/** The key's area is `topic`, or an operation name that starts with it followed by a capital or a separator. */
export function keyMatches(key: QueryKey, topic: string): boolean {
  const first = key[0];
  if (typeof first !== "string" || !first.startsWith(topic)) return false;
  const rest = first.slice(topic.length);
  return rest === "" || /^[A-Z0-9_.:/-]/.test(rest);
}

/**
 * Turns push messages into refetches, coalesced: the first message of a
 * quiet period refetches at once; what arrives in the next `windowMs` is
 * refetched once at its end, so a morning of check-ins does not become a
 * refetch per ping per query.
 */
export class PushInvalidator {
  private pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private cooling = false;

  constructor(
    private readonly client: QueryClient,
    private readonly windowMs = 1000,
  ) {}

  event(e: PushEvent) {
    for (const t of TOPICS[e.type] ?? []) this.pending.add(t);
    if (!this.cooling) this.flush();
  }

  /** Everything shown may be out of date: refetch all active queries now. */
  all() {
    this.pending.clear();
    void this.client.invalidateQueries();
    this.cool();
  }

  dispose() {
    clearTimeout(this.timer);
    this.pending.clear();
  }

  private flush() {
    if (this.pending.size === 0) {
      this.cooling = false;
      return;
    }
    const topics = [...this.pending];
    this.pending.clear();
    void this.client.invalidateQueries({ predicate: (q) => topics.some((t) => keyMatches(q.queryKey, t)) });
    this.cool();
  }

  private cool() {
    this.cooling = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.windowMs);
  }
}

import DataLoader from "dataloader";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import {
  attendance,
  attendanceActivity,
  attendanceOverrides,
  beacons,
  cancellations,
  coordinates,
  courses,
  devices,
  emailChanges,
  events,
  excuses,
  imports,
  invitations,
  locations,
  notes,
  pings,
  roles,
  schoolClosures,
  schools,
  students,
  tasks,
  teams,
  travel,
  users,
  userTiles,
} from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import type { Viewer } from "./viewer.ts";
import {
  ownTasks,
  ownTiles,
  visibleAttendance,
  visibleBeacons,
  visibleCancellations,
  visibleClosures,
  visibleCourses,
  visibleCoursesAnyState,
  visibleDevices,
  visibleEmailChanges,
  visibleEvents,
  visibleEventsAnyState,
  visibleExcuses,
  visibleImports,
  visibleInvitations,
  visibleLocations,
  visibleNotes,
  visiblePings,
  visibleSchools,
  visibleStudentsAnyState,
  visibleTeams,
  visibleTeamsAnyState,
  visibleTravel,
  visibleUsers,
} from "./visibility.ts";

/**
 * Every table of a school's rows that the API reads, with the rule that says which rows a
 * viewer may see. A table missing here cannot be read through Scoped at all.
 */
const TABLES = {
  students: { table: students, visible: visibleStudentsAnyState },
  courses: { table: courses, visible: visibleCourses },
  events: { table: events, visible: visibleEvents },
  teams: { table: teams, visible: visibleTeams },
  // removed ones included: a detail page, restore and history (decision 0700)
  coursesAnyState: { table: courses, visible: visibleCoursesAnyState },
  eventsAnyState: { table: events, visible: visibleEventsAnyState },
  teamsAnyState: { table: teams, visible: visibleTeamsAnyState },
  travel: { table: travel, visible: visibleTravel },
  cancellations: { table: cancellations, visible: visibleCancellations },
  attendance: { table: attendance, visible: visibleAttendance },
  tasks: { table: tasks, visible: ownTasks },
  tiles: { table: userTiles, visible: ownTiles },
  schools: { table: schools, visible: visibleSchools },
  closures: { table: schoolClosures, visible: visibleClosures },
  users: { table: users, visible: visibleUsers },
  // pending e-mail changes: the user and those who may edit them (decision 0951)
  emailChanges: { table: emailChanges, visible: visibleEmailChanges },
  locations: { table: locations, visible: visibleLocations },
  beacons: { table: beacons, visible: visibleBeacons },
  invitations: { table: invitations, visible: visibleInvitations },
  notes: { table: notes, visible: visibleNotes },
  excuses: { table: excuses, visible: visibleExcuses },
  devices: { table: devices, visible: visibleDevices },
  pings: { table: pings, visible: visiblePings },
  imports: { table: imports, visible: visibleImports },
  // global lookup (role names and their flags), the same for everyone
  roles: { table: roles, visible: () => sql`true` },
} as const;

/** Tables whose rows belong to one row of a scoped table: visible exactly when the parent is. */
const CHILDREN = {
  activity: {
    table: attendanceActivity,
    parent: "attendance",
    fk: attendanceActivity.attendance_id,
    orderBy: [asc(attendanceActivity.created_at), asc(attendanceActivity.id)],
  },
  coordinates: {
    table: coordinates,
    parent: "attendance",
    fk: coordinates.attendance_id,
    orderBy: [asc(coordinates.created_at), asc(coordinates.id)],
  },
  overrides: {
    table: attendanceOverrides,
    parent: "attendance",
    fk: attendanceOverrides.attendance_id,
    orderBy: [asc(attendanceOverrides.created_at), asc(attendanceOverrides.id)],
  },
} as const;

export type ChildName = keyof typeof CHILDREN;
export type ChildRow<C extends ChildName> = (typeof CHILDREN)[C]["table"]["$inferSelect"];
export type ScopedName = keyof typeof TABLES;
export type RowOf<K extends ScopedName> = (typeof TABLES)[K]["table"]["$inferSelect"];
export type TableOf<K extends ScopedName> = (typeof TABLES)[K]["table"];

export interface ReadOptions {
  where?: SQL | undefined;
  orderBy?: (SQL | PgColumn)[];
  limit?: number;
  offset?: number;
  /** lock the rows for the rest of the transaction */
  forUpdate?: boolean;
}

type AnyTable = PgTable & { id: PgColumn };

/**
 * The one way a GraphQL resolver reads or changes a school's rows: every statement built
 * here carries the viewer's visibility rule, so a resolver cannot forget it (the lint
 * forbids resolvers the raw database; see docs/decisions/0440-scoped-data-layer.md).
 * One instance per request; its loaders batch relation reads across a whole response.
 */
export class Scoped {
  readonly viewer: Viewer;
  readonly #db: Db;
  readonly #s: Services;
  readonly #loaders = new Map<string, DataLoader<unknown, unknown>>();

  constructor(s: Services, viewer: Viewer, db: Db = s.db) {
    this.#s = s;
    this.#db = db;
    this.viewer = viewer;
  }

  /** The condition "visible to this viewer" of a table, for composing a feature's own statement. */
  visible<K extends ScopedName>(name: K): SQL {
    return TABLES[name].visible(this.viewer);
  }

  table<K extends ScopedName>(name: K): TableOf<K> {
    return TABLES[name].table;
  }

  async rows<K extends ScopedName>(name: K, opts: ReadOptions = {}): Promise<RowOf<K>[]> {
    const table = TABLES[name].table as unknown as AnyTable;
    let q = this.#db
      .select()
      .from(table)
      .where(and(this.visible(name), opts.where))
      .$dynamic();
    if (opts.orderBy?.length) q = q.orderBy(...opts.orderBy);
    if (opts.limit !== undefined) q = q.limit(opts.limit);
    if (opts.offset) q = q.offset(opts.offset);
    if (opts.forUpdate) q = q.for("update");
    const rows = (await q) as RowOf<K>[];
    // a row read through the scope is visible: later byId/children checks of it cost nothing
    const byId = this.#byIdLoader(name);
    for (const r of rows) byId.prime((r as { id: number }).id, r);
    return rows;
  }

  async first<K extends ScopedName>(name: K, where: SQL | undefined, opts: ReadOptions = {}): Promise<RowOf<K> | null> {
    const [row] = await this.rows(name, { ...opts, where, limit: 1 });
    return row ?? null;
  }

  async count<K extends ScopedName>(name: K, where?: SQL): Promise<number> {
    const table = TABLES[name].table as unknown as AnyTable;
    return this.#db.$count(table, and(this.visible(name), where));
  }

  /** How many visible rows of the filter have each value of `column` (a report's chart). */
  async countBy<K extends ScopedName, V extends string | number>(
    name: K,
    column: PgColumn,
    where?: SQL,
  ): Promise<Map<V, number>> {
    const table = TABLES[name].table as unknown as AnyTable;
    const rows = await this.#db
      .select({ value: column, n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(this.visible(name), where))
      .groupBy(column);
    return new Map(rows.map((r) => [r.value as V, Number(r.n)]));
  }

  /** A page and the total of the same filter. */
  async page<K extends ScopedName>(name: K, opts: ReadOptions): Promise<{ data: RowOf<K>[]; total: number }> {
    const [data, total] = await Promise.all([this.rows(name, opts), this.count(name, opts.where)]);
    return { data, total };
  }

  /** `select id from <table> where visible and where`, to use inside another statement. */
  ids<K extends ScopedName>(name: K, where?: SQL): SQL {
    const table = TABLES[name].table as unknown as AnyTable;
    return sql`select ${table.id} from ${table} where ${and(this.visible(name), where)}`;
  }

  /** Updates only rows the viewer may see; answers the rows changed (none: not found). */
  async update<K extends ScopedName>(name: K, where: SQL | undefined, set: Partial<RowOf<K>>): Promise<RowOf<K>[]> {
    if (!where) throw new Error(`update of ${name} without a condition`);
    const table = TABLES[name].table as unknown as AnyTable;
    return (await this.#db
      .update(table)
      .set(set as never)
      .where(and(this.visible(name), where))
      .returning()) as RowOf<K>[];
  }

  /** Deletes only rows the viewer may see; answers the rows deleted. */
  async delete<K extends ScopedName>(name: K, where: SQL | undefined): Promise<RowOf<K>[]> {
    if (!where) throw new Error(`delete of ${name} without a condition`);
    const table = TABLES[name].table as unknown as AnyTable;
    return (await this.#db
      .delete(table)
      .where(and(this.visible(name), where))
      .returning()) as RowOf<K>[];
  }

  /** Runs fn in one transaction with a Scoped over it (same viewer, fresh loaders). */
  transaction<T>(fn: (tx: Scoped) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => fn(new Scoped(this.#s, this.viewer, tx as unknown as Db)));
  }

  /**
   * A per-request DataLoader under `key`: relation fields call it per row and it reads the
   * whole page's rows in one statement.
   */
  loader<K, V>(key: string, batch: (keys: readonly K[]) => Promise<(V | Error)[]>): DataLoader<K, V> {
    let l = this.#loaders.get(key) as DataLoader<K, V> | undefined;
    if (!l) {
      l = new DataLoader<K, V>(batch, { maxBatchSize: 1000 });
      this.#loaders.set(key, l as DataLoader<unknown, unknown>);
    }
    return l;
  }

  /** Visible rows of a table by id, batched: null where the viewer may not see the row. */
  byId<K extends ScopedName>(name: K, id: number): Promise<RowOf<K> | null> {
    return this.#byIdLoader(name).load(id);
  }

  #byIdLoader<K extends ScopedName>(name: K): DataLoader<number, RowOf<K> | null> {
    return this.loader<number, RowOf<K> | null>(`byId:${name}`, async (ids) => {
      const table = TABLES[name].table as unknown as AnyTable;
      const rows = await this.rows(name, { where: inArray(table.id, [...ids]) });
      const found = new Map(rows.map((r) => [(r as { id: number }).id, r]));
      return ids.map((i) => found.get(i) ?? null);
    });
  }

  /**
   * Rows of a child table (activity, coordinates, overrides of an attendance) whose parent the
   * viewer may see, batched: the parent is checked through byId (free for rows already read).
   */
  async children<C extends ChildName>(child: C, parentId: number): Promise<ChildRow<C>[]> {
    const spec = CHILDREN[child];
    const parent = await this.byId(spec.parent, parentId);
    if (!parent) return [];
    const loader = this.loader<number, ChildRow<C>[]>(`children:${child}`, async (parents) => {
      const rows = (await this.#db
        .select()
        .from(spec.table as unknown as PgTable)
        .where(inArray(spec.fk, [...parents]))
        .orderBy(...spec.orderBy)) as ChildRow<C>[];
      const groups = new Map<number, ChildRow<C>[]>();
      for (const r of rows) {
        const k = (r as Record<string, unknown>)[spec.fk.name] as number;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      return parents.map((p) => groups.get(p) ?? []);
    });
    return loader.load(parentId);
  }

  /** Visible rows of a table grouped by a column, batched (e.g. closures by school_id). */
  manyBy<K extends ScopedName>(
    name: K,
    column: PgColumn,
    key: number,
    orderBy: (SQL | PgColumn)[] = [],
  ): Promise<RowOf<K>[]> {
    const loader = this.loader<number, RowOf<K>[]>(`manyBy:${name}.${column.name}`, async (keys) => {
      const rows = await this.rows(name, { where: inArray(column, [...keys]), orderBy });
      const groups = new Map<number, RowOf<K>[]>();
      for (const r of rows) {
        const k = (r as Record<string, unknown>)[column.name] as number;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      return keys.map((k) => groups.get(k) ?? []);
    });
    return loader.load(key);
  }

  /**
   * Visible rows of a table reached through a link table, grouped by the link's owner and
   * batched (e.g. a user's assigned courses: user_course.user_id -> courses).
   */
  through<K extends ScopedName>(
    name: K,
    link: { owner: PgColumn; target: PgColumn },
    ownerId: number,
    orderBy: (SQL | PgColumn)[] = [],
  ): Promise<RowOf<K>[]> {
    const table = TABLES[name].table as unknown as AnyTable;
    const key = `through:${name}:${link.owner.name}->${link.target.name}`;
    const loader = this.loader<number, RowOf<K>[]>(key, async (owners) => {
      const linkTable = link.owner.table as PgTable;
      const rows = await this.#db
        .select({ owner: link.owner, row: table })
        .from(linkTable)
        .innerJoin(table, eq(table.id, link.target))
        .where(and(inArray(link.owner, [...owners]), this.visible(name)))
        .orderBy(...orderBy);
      const groups = new Map<number, RowOf<K>[]>();
      for (const r of rows as { owner: number; row: RowOf<K> }[])
        groups.set(r.owner, [...(groups.get(r.owner) ?? []), r.row]);
      return owners.map((o) => groups.get(o) ?? []);
    });
    return loader.load(ownerId);
  }

  /** For access/system.ts only: the raw handles behind this scope. */
  static unwrap(scoped: Scoped): { db: Db; s: Services } {
    return { db: scoped.#db, s: scoped.#s };
  }
}

import { viewerIsAllowedAdminReports } from "../../access/report-access.ts";
import {
  checkPresence,
  type PresenceReportArgs,
  type PresenceRow,
  presenceAfter,
  presenceCount,
  presenceFilter,
  presenceKeyOrder,
  presenceOrder,
  presenceRows,
} from "../presence.ts";
import { idOf, type ReportExport } from "./report-export.ts";
import { keysetBatches, sortOf } from "./school-batches.ts";

/**
 * The Presence report as CSV (admin roles): one window for the whole file, read at its start; in
 * student and location id order (a keyset on the groups: each batch groups only what follows the last one).
 */
export const presenceExport: ReportExport<PresenceReportArgs> = {
  page: "Presence",
  file: "presence",
  allowed: viewerIsAllowedAdminReports,
  parse: (q) => {
    const args: PresenceReportArgs = {
      location_id: idOf(q, "location_id"),
      start_date: q.start_date || null,
      end_date: q.end_date || null,
      ...sortOf(q),
    };
    checkPresence(args);
    presenceOrder(args);
    return args;
  },
  header: ["first_name", "last_name", "location", "first_seen", "last_seen", "pings"],
  count: async (data, args) => presenceCount(data, (await presenceFilter(data, args)).groups),
  rows: (scope, args) => {
    // "now" fixed once, so every batch reads the same window
    const now = new Date();
    return keysetBatches<PresenceRow>(
      scope,
      async (data, after, limit) => {
        const { groups } = await presenceFilter(data, args, now);
        return presenceRows(data, after ? presenceAfter(groups, after) : groups, presenceKeyOrder, limit, 0);
      },
      (r) => [r.first_name, r.last_name, r.location_name, r.first_seen, r.last_seen, r.pings],
    );
  },
};

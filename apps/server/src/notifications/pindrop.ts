import { distanceMetres, isAtLocation, isExcused, isTravelling, localMinutes } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { notificationClaims } from "../db/schema/index.ts";
import { type AlertData, type AlertUser, loadAlertData } from "../engine/finalise/alerts.ts";
import type { DueSession } from "../engine/finalise/due.ts";
import { excusesOn, travelDuring } from "../engine/finalise/roster.ts";
import type { IncomingPing } from "../engine/ingest.ts";
import { type DaySession, placeSignals } from "../engine/sessions-for-student.ts";
import type { StudentContext } from "../engine/state.ts";
import type { Mail } from "../mail/mailer.ts";
import { renderMail, unsubscribeUrl } from "../mail/template.ts";
import type { Services } from "../services.ts";
import { claimed, queueOnce } from "./once.ts";
import { type Sms, sendTexts, textsInstead } from "./sms.ts";

/** A pindrop that arrives this long after its class ended is stale news: not sent. */
export const PINDROP_STALE_MS = 60 * 60_000;

const finite = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/**
 * A ping seen outside the fence during class: it has coordinates, lies in [start, end) of a
 * session whose place has a fence, and is not at the place (its fence, allowing for accuracy, or
 * a beacon). Before the start or after the end the student may be on the way: no pindrop.
 */
export function outsideDuringClass(p: IncomingPing, session: DaySession): boolean {
  const place = placeSignals(session.location);
  if (!place.fence || !finite(p.latitude) || !finite(p.longitude)) return false;
  const t = p.recorded_at.getTime();
  if (t < session.start.getTime() || t >= session.end.getTime()) return false;
  return !isAtLocation(p, place);
}

const clock = (at: Date, tz: string) => {
  const m = Math.floor(localMinutes(at, tz));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

function plan(
  session: DueSession,
  place: DaySession["location"],
  data: AlertData,
  studentId: number,
  p: IncomingPing,
  publicUrl: string,
) {
  const s = data.students.get(studentId);
  const name = s ? `${s.first_name} ${s.last_name}` : "A student";
  const fence = placeSignals(place).fence;
  const metres =
    fence && finite(p.latitude) && finite(p.longitude)
      ? Math.round(distanceMetres({ latitude: p.latitude, longitude: p.longitude }, fence))
      : null;
  const where = `${metres === null ? "outside" : `about ${metres} m from`} ${place?.name ?? "the class's place"}`;
  const what = `${session.title} on ${session.meets}`;
  const seen = `${name} was seen ${where} at ${clock(p.recorded_at, session.timezone)} during ${what}.`;
  const wants = (data.recipients.get(studentId) ?? []).filter((u: AlertUser) => u.pindrop_email);
  const mails: Mail[] = [];
  const texts: Sms[] = [];
  for (const u of wants) {
    if (textsInstead(u)) {
      texts.push({ to: (u.phone_number ?? "").trim(), text: `${data.school_name ?? "Rollbook"}: ${seen}` });
      continue;
    }
    mails.push({
      to: u.email,
      ...renderMail({
        school: data.school_name ?? "Rollbook",
        subject: `Pindrop: ${name} outside ${what}`,
        greeting: `Hello ${u.first_name},`,
        blocks: [
          { paragraph: seen },
          { heading: "Student", items: [{ text: name, href: s ? `${publicUrl}/Students/${s.uuid}` : undefined }] },
        ],
        reason: "You receive this because you asked for pindrop alerts in Rollbook.",
        unsubscribeUrl: unsubscribeUrl(publicUrl),
      }),
    });
  }
  return { mails, texts };
}

/**
 * The engine's pindrop hook (called by ingest after the pings are stored): for each session a
 * ping places the student outside the fence during class, at most one pindrop per student and
 * session, claimed with its mails in one transaction (once.ts); texts go after the commit.
 * Excused or travelling students are not reported. A failure is logged; the pings stand.
 */
export async function notePindrops(
  s: Services,
  student: StudentContext,
  seen: ReadonlyMap<IncomingPing, readonly DaySession[]>,
  receivedAt: Date,
): Promise<number> {
  const first = new Map<string, { session: DaySession; ping: IncomingPing }>();
  for (const [p, sessions] of seen)
    for (const x of sessions) {
      const key = `${x.attendable_type}:${x.attendable_id}:${x.meets}`;
      const stale = receivedAt.getTime() - x.end.getTime() > PINDROP_STALE_MS;
      if (stale || !outsideDuringClass(p, x)) continue;
      const known = first.get(key);
      if (!known || p.recorded_at < known.ping.recorded_at) first.set(key, { session: x, ping: p });
    }
  let sent = 0;
  const claimed = claimedHere(s);
  for (const [period, { session, ping }] of first) {
    const memo = `${student.id}|${period}`;
    if (claimed.has(memo)) continue;
    try {
      if (await queued(s, student.id, period)) {
        claimed.set(memo, true);
        continue;
      }
      const due: DueSession = { ...session, timezone: student.timezone, alerts_students: false };
      const [excuses, trips] = [await excusesOn(s.db, [student.id], due), await travelDuring(s.db, [student.id], due)];
      const covered =
        isExcused(excuses, due.meets, { id: due.attendable_id, type: due.attendable_type }) || isTravelling(trips, due);
      const data = await loadAlertData(s.db, due, [student.id]);
      const out = covered ? { mails: [], texts: [] } : plan(due, session.location, data, student.id, ping, s.publicUrl);
      const claim = {
        school_id: student.school_id,
        kind: "pindrop" as const,
        recipient: `student:${student.id}`,
        period,
      };
      const mine = await queueOnce(s.db, s.mailer, claim, out.mails);
      // claims are never withdrawn: this student and session need no further look
      claimed.set(memo, true);
      if (!mine) continue;
      sent += out.mails.length + out.texts.length;
      if (out.mails.length) s.mailer.wake();
      await sendTexts(s, out.texts);
    } catch (err) {
      s.log.error({ err, studentId: student.id }, "pindrop alert failed");
    }
  }
  return sent;
}

/**
 * Pindrops this process knows are claimed, by student and session. A student outside all class
 * pings every 30 s; without it each of those pings asked the database again (decision 0563).
 * Per app, as the engine's caches (tests run several apps in one process).
 */
const memos = new WeakMap<Services, LRUCache<string, true>>();
function claimedHere(s: Services) {
  let m = memos.get(s);
  if (!m) {
    m = new LRUCache<string, true>({ max: 50_000, ttl: 24 * 60 * 60_000 });
    memos.set(s, m);
  }
  return m;
}

/** A cheap look before loading recipients: another process may have claimed it. */
async function queued(s: Services, studentId: number, period: string) {
  return claimed(
    s.db,
    eq(notificationClaims.kind, "pindrop"),
    eq(notificationClaims.recipient, `student:${studentId}`),
    eq(notificationClaims.period, period),
  );
}

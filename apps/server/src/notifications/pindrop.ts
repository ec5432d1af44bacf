import { distanceMetres, isAtLocation, isExcused, isTravelling, localMinutes } from "@rollbook/domain";
import { and, eq, inArray } from "drizzle-orm";
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
import { queueOnce } from "./once.ts";
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

/** A candidate pindrop: a student seen outside during a session, with the first such ping. */
interface Candidate {
  student: StudentContext;
  period: string;
  session: DaySession;
  ping: IncomingPing;
}

/**
 * Candidates wait this long before they are claimed, so that the students seen outside at a
 * period's start go out together: one read of the claims, and one of the excuses, travel and
 * recipients per session, instead of about twelve statements per student (decision 0569). A mail
 * leaves at most this much later; the ping's answer never waits for it.
 */
export const PINDROP_GATHER_MS = 500;

/**
 * The engine's pindrop hook (called by ingest after the pings are stored): for each session a
 * ping places the student outside the fence during class, at most one pindrop per student and
 * session, claimed with its mails in one transaction (once.ts); texts go after the commit.
 * Excused or travelling students are not reported. Answers how many candidates it queued; the
 * claims run shortly after (`pindropsSettled` waits for them). A failure is logged; the pings stand.
 */
export function notePindrops(
  s: Services,
  student: StudentContext,
  seen: ReadonlyMap<IncomingPing, readonly DaySession[]>,
  receivedAt: Date,
): number {
  const queue = queueOf(s);
  const claimed = claimedHere(s);
  let queued = 0;
  for (const [p, sessions] of seen)
    for (const x of sessions) {
      const period = `${x.attendable_type}:${x.attendable_id}:${x.meets}`;
      const stale = receivedAt.getTime() - x.end.getTime() > PINDROP_STALE_MS;
      if (stale || claimed.has(`${student.id}|${period}`) || !outsideDuringClass(p, x)) continue;
      if (queue.add({ student, period, session: x, ping: p })) queued++;
    }
  return queued;
}

/** Resolves once every pindrop noted so far is claimed or given up (closing the app waits for it). */
export const pindropsSettled = (s: Services) => queueOf(s).settled();

class PindropQueue {
  private readonly pending = new Map<string, Candidate>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly s: Services) {}

  /** Whether the candidate is new (the earliest ping of a student and session is the one told). */
  add(c: Candidate): boolean {
    const key = `${c.student.id}|${c.period}`;
    const known = this.pending.get(key);
    if (known && known.ping.recorded_at <= c.ping.recorded_at) return false;
    this.pending.set(key, c);
    this.timer ??= setTimeout(() => this.flushNow(), PINDROP_GATHER_MS);
    return known === undefined;
  }

  private flushNow() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending.clear();
    if (batch.length > 0) this.running = this.running.then(() => claimAll(this.s, batch));
    return this.running;
  }

  async settled() {
    while (this.timer || this.pending.size > 0) await this.flushNow();
    await this.running;
  }
}

const queues = new WeakMap<Services, PindropQueue>();
function queueOf(s: Services) {
  let q = queues.get(s);
  if (!q) {
    q = new PindropQueue(s);
    queues.set(s, q);
  }
  return q;
}

/** Claims a gathered batch: the claims already taken (another process, a restart) are skipped. */
async function claimAll(s: Services, batch: readonly Candidate[]) {
  const claimed = claimedHere(s);
  const recipient = (c: Candidate) => `student:${c.student.id}`;
  let taken: Set<string>;
  try {
    const rows = await s.db
      .select({ recipient: notificationClaims.recipient, period: notificationClaims.period })
      .from(notificationClaims)
      .where(
        and(
          eq(notificationClaims.kind, "pindrop"),
          inArray(notificationClaims.period, [...new Set(batch.map((c) => c.period))]),
          inArray(notificationClaims.recipient, [...new Set(batch.map(recipient))]),
        ),
      );
    taken = new Set(rows.map((r) => `${r.recipient}|${r.period}`));
  } catch (err) {
    s.log.error({ err }, "pindrop alerts failed");
    return;
  }
  const bySession = new Map<string, Candidate[]>();
  for (const c of batch) {
    if (taken.has(`${recipient(c)}|${c.period}`)) {
      claimed.set(`${c.student.id}|${c.period}`, true);
      continue;
    }
    const list = bySession.get(c.period) ?? [];
    list.push(c);
    bySession.set(c.period, list);
  }
  for (const list of bySession.values()) await claimSession(s, list);
}

/** One session's pindrops: its excuses, travel and recipients read once for all its students. */
async function claimSession(s: Services, list: readonly Candidate[]) {
  const claimed = claimedHere(s);
  const first = list[0] as Candidate;
  const due: DueSession = { ...first.session, timezone: first.student.timezone, alerts_students: false };
  const ids = list.map((c) => c.student.id);
  let data: AlertData;
  let excuses: Awaited<ReturnType<typeof excusesOn>>;
  let trips: Awaited<ReturnType<typeof travelDuring>>;
  try {
    excuses = await excusesOn(s.db, ids, due);
    trips = await travelDuring(s.db, ids, due);
    data = await loadAlertData(s.db, due, ids);
  } catch (err) {
    s.log.error({ err, students: ids }, "pindrop alerts failed");
    return;
  }
  const attendable = { id: due.attendable_id, type: due.attendable_type };
  for (const { student, period, session, ping } of list) {
    try {
      const covered =
        isExcused(
          excuses.filter((e) => e.student_id === student.id),
          due.meets,
          attendable,
        ) ||
        isTravelling(
          trips.filter((t) => t.student_id === student.id),
          due,
        );
      const out = covered ? { mails: [], texts: [] } : plan(due, session.location, data, student.id, ping, s.publicUrl);
      const claim = {
        school_id: student.school_id,
        kind: "pindrop" as const,
        recipient: `student:${student.id}`,
        period,
      };
      const mine = await queueOnce(s.db, s.mailer, claim, out.mails);
      // claims are never withdrawn: this student and session need no further look
      claimed.set(`${student.id}|${period}`, true);
      if (!mine) continue;
      if (out.mails.length) s.mailer.wake();
      await sendTexts(s, out.texts);
    } catch (err) {
      s.log.error({ err, studentId: student.id }, "pindrop alert failed");
    }
  }
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

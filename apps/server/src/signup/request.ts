import { SIGNUP_LINK_TTL_MS } from "@rollbook/domain";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { newSecret, sha256 } from "../auth/tokens.ts";
import { eventSignupTokens, students, studentTeam } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import type { EventRow } from "./lookup.ts";

/**
 * The live student of the event's school named by school e-mail or school identifier (and on
 * the restricting team, if any) gets a link to confirm at their school e-mail; anyone else, no
 * mail. The caller answers the same either way. Only the SHA-256 of the link's secret is kept.
 */
export async function mailSignupLink(s: Services, event: EventRow, identifier: string): Promise<void> {
  const id = identifier.trim();
  const [student] = await s.db
    .select()
    .from(students)
    .where(
      and(
        eq(students.school_id, event.school_id),
        isNull(students.deleted_at),
        or(sql`lower(${students.email}) = ${id.toLowerCase()}`, eq(students.school_identifier, id)),
        event.restricted_by === null
          ? undefined
          : sql`${students.id} in (select ${studentTeam.student_id} from ${studentTeam} where ${studentTeam.team_id} = ${event.restricted_by})`,
      ),
    )
    .limit(1);
  if (!student?.email) return;
  const secret = newSecret();
  const link = `${s.publicUrl.replace(/\/+$/, "")}/EventSignup/${event.uuid}?token=${secret}`;
  await s.db.transaction(async (tx) => {
    await tx.insert(eventSignupTokens).values({
      event_id: event.id,
      student_id: student.id,
      token_hash: sha256(secret),
      expires_at: new Date(Date.now() + SIGNUP_LINK_TTL_MS),
    });
    await s.mailer.send(
      {
        to: student.email as string,
        subject: `Your signup for ${event.title}`,
        text: `Hello ${student.preferred_name || student.first_name},\n\nSomeone asked to sign you up for "${event.title}" on ${event.date}.\nConfirm, see your place or drop out here (valid for 24 hours):\n${link}\n\nIf this was not you, ignore this mail: nothing changes until the link is used.`,
      },
      tx,
    );
  });
  s.mailer.wake();
}

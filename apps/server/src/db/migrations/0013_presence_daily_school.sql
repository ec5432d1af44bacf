-- presence_daily keyed by the student's school first (decision 0821): the Presence report reads a school's
-- days without a semi-join on students. The rows are filled from students before the column is required.
LOCK TABLE "pings", "presence_daily" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "presence_daily" ADD COLUMN "school_id" integer;--> statement-breakpoint
UPDATE "presence_daily" d SET school_id = s.school_id FROM "students" s WHERE s.id = d.student_id;--> statement-breakpoint
ALTER TABLE "presence_daily" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "presence_daily" ADD CONSTRAINT "presence_daily_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_daily" DROP CONSTRAINT "presence_daily_pkey";--> statement-breakpoint
ALTER TABLE "presence_daily" ADD CONSTRAINT "presence_daily_pkey" PRIMARY KEY("school_id","day","student_id","location_id");--> statement-breakpoint

-- the trigger of migration 0012, writing school_id and upserting on the new key
CREATE OR REPLACE FUNCTION "pings_seen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a beacon's last sighting by a student of its school, written when it is a minute newer than the
  -- stored one: at most once a minute per beacon however many phones report it, never backwards.
  -- Rows are locked in id order and a beacon another ping is writing is skipped (it writes about the
  -- same time): two pings listing the same beacons in another order can neither deadlock nor wait.
  WITH s AS (
    SELECT st.school_id, v.e->>'factory_id' AS factory_id, max(p.recorded_at) AS seen
    FROM pings_new p
    JOIN students st ON st.id = p.student_id
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.beacons) = 'array' THEN p.beacons ELSE '[]'::jsonb END) AS v(e)
    GROUP BY 1, 2
  ), due AS (
    SELECT b.id, s.seen FROM beacons b JOIN s ON b.factory_id = s.factory_id AND b.school_id = s.school_id
    WHERE b.last_seen_at IS NULL OR b.last_seen_at < s.seen - interval '1 minute'
    ORDER BY b.id
    FOR UPDATE OF b SKIP LOCKED
  )
  UPDATE beacons b SET last_seen_at = due.seen FROM due WHERE b.id = due.id;

  -- a placed ping (reports/ping-place.ts: its location, else its strongest beacon of the school with a
  -- location) counts in its student's place and day of the school's calendar
  INSERT INTO presence_daily AS d (school_id, day, student_id, location_id, first_seen, last_seen, pings)
  SELECT q.school_id, (q.recorded_at AT TIME ZONE q.timezone)::date, q.student_id, q.location_id,
    min(q.recorded_at), max(q.recorded_at), count(*)::int
  FROM (
    SELECT st.school_id, p.student_id, p.recorded_at, sc.timezone, coalesce(p.location_id, (
      SELECT b.location_id
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.beacons) = 'array' THEN p.beacons ELSE '[]'::jsonb END) WITH ORDINALITY AS seen(v, n)
      JOIN beacons b ON b.factory_id = seen.v->>'factory_id'
      WHERE b.location_id IS NOT NULL AND b.school_id = st.school_id
      ORDER BY (seen.v->>'rssi')::float8 DESC NULLS LAST, seen.n LIMIT 1)) AS location_id
    FROM pings_new p
    JOIN students st ON st.id = p.student_id
    JOIN schools sc ON sc.id = st.school_id
    WHERE p.location_id IS NOT NULL OR jsonb_typeof(p.beacons) = 'array'
  ) q
  WHERE q.location_id IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (school_id, day, student_id, location_id) DO UPDATE SET
    first_seen = least(d.first_seen, excluded.first_seen),
    last_seen = greatest(d.last_seen, excluded.last_seen),
    pings = d.pings + excluded.pings;
  RETURN NULL;
END $$;

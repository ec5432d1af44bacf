-- The report summaries (decision 0821), kept by the database so that every writer keeps them right:
-- attendance_session_counts by triggers on attendance, presence_daily and beacons.last_seen_at by a
-- trigger on pings; then each is filled from what is stored. The locks make writers wait until the
-- migration commits, so nothing is written between the backfill's snapshot and the triggers.
LOCK TABLE "attendance", "pings", "beacons" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint

-- attendance: a statement's new rows, counted per session, place and status (bulk inserts in one pass)
CREATE FUNCTION "attendance_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attendance_session_counts AS c (school_id, meets, attendable_type, attendable_id, location_id, status, n)
  SELECT r.school_id, r.meets, r.attendable_type, r.attendable_id, coalesce(r.location_id, 0), r.status, count(*)::int
  FROM attendance_new r
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (school_id, meets, attendable_type, attendable_id, location_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attendance_counts_insert" AFTER INSERT ON "attendance"
  REFERENCING NEW TABLE AS attendance_new FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_insert"();--> statement-breakpoint

-- a row whose status, session, place or school changed moves from one count to the other; both in one
-- statement in key order, so two writers moving opposite ways lock the two rows in the same order
CREATE FUNCTION "attendance_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attendance_session_counts AS c (school_id, meets, attendable_type, attendable_id, location_id, status, n)
  SELECT * FROM (VALUES
    (OLD.school_id, OLD.meets, OLD.attendable_type, OLD.attendable_id, coalesce(OLD.location_id, 0), OLD.status, -1),
    (NEW.school_id, NEW.meets, NEW.attendable_type, NEW.attendable_id, coalesce(NEW.location_id, 0), NEW.status, 1)
  ) AS v(school_id, meets, attendable_type, attendable_id, location_id, status, n)
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (school_id, meets, attendable_type, attendable_id, location_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- the engine rewrites a row on most pings (enter, exit, percentage, its running state): only a change
-- of the key costs anything, and the WHEN is checked without calling the function
CREATE TRIGGER "attendance_counts_update" AFTER UPDATE ON "attendance" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.meets IS DISTINCT FROM NEW.meets
    OR OLD.attendable_id IS DISTINCT FROM NEW.attendable_id OR OLD.attendable_type IS DISTINCT FROM NEW.attendable_type
    OR OLD.school_id IS DISTINCT FROM NEW.school_id OR OLD.location_id IS DISTINCT FROM NEW.location_id)
  EXECUTE FUNCTION "attendance_counts_update"();--> statement-breakpoint

CREATE FUNCTION "attendance_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE attendance_session_counts c SET n = c.n - d.n
  FROM (
    SELECT r.school_id, r.meets, r.attendable_type, r.attendable_id, coalesce(r.location_id, 0) AS location_id, r.status,
      count(*)::int AS n
    FROM attendance_old r GROUP BY 1, 2, 3, 4, 5, 6
  ) d
  WHERE c.school_id = d.school_id AND c.meets = d.meets AND c.attendable_type = d.attendable_type
    AND c.attendable_id = d.attendable_id AND c.location_id = d.location_id AND c.status = d.status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attendance_counts_delete" AFTER DELETE ON "attendance"
  REFERENCING OLD TABLE AS attendance_old FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_delete"();--> statement-breakpoint

CREATE FUNCTION "attendance_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attendance_session_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attendance_counts_truncate" AFTER TRUNCATE ON "attendance"
  FOR EACH STATEMENT EXECUTE FUNCTION "attendance_counts_truncate"();--> statement-breakpoint

-- pings: a statement's new pings (one from the device API, thousands from a batch or a seed)
CREATE FUNCTION "pings_seen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a beacon's last sighting by a student of its school, written when it is a minute newer than the
  -- stored one: at most once a minute per beacon however many phones report it, never backwards
  UPDATE beacons b SET last_seen_at = s.seen
  FROM (
    SELECT st.school_id, v.e->>'factory_id' AS factory_id, max(p.recorded_at) AS seen
    FROM pings_new p
    JOIN students st ON st.id = p.student_id
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.beacons) = 'array' THEN p.beacons ELSE '[]'::jsonb END) AS v(e)
    GROUP BY 1, 2
  ) s
  WHERE b.factory_id = s.factory_id AND b.school_id = s.school_id
    AND (b.last_seen_at IS NULL OR b.last_seen_at < s.seen - interval '1 minute');

  -- a placed ping (reports/ping-place.ts: its location, else its strongest beacon of the school with a
  -- location) counts in its student's place and day of the school's calendar
  INSERT INTO presence_daily AS d (day, student_id, location_id, first_seen, last_seen, pings)
  SELECT (q.recorded_at AT TIME ZONE q.timezone)::date, q.student_id, q.location_id,
    min(q.recorded_at), max(q.recorded_at), count(*)::int
  FROM (
    SELECT p.student_id, p.recorded_at, sc.timezone, coalesce(p.location_id, (
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
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (day, student_id, location_id) DO UPDATE SET
    first_seen = least(d.first_seen, excluded.first_seen),
    last_seen = greatest(d.last_seen, excluded.last_seen),
    pings = d.pings + excluded.pings;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pings_seen" AFTER INSERT ON "pings"
  REFERENCING NEW TABLE AS pings_new FOR EACH STATEMENT EXECUTE FUNCTION "pings_seen"();--> statement-breakpoint

-- the backfills
INSERT INTO "attendance_session_counts" (school_id, meets, attendable_type, attendable_id, location_id, status, n)
SELECT school_id, meets, attendable_type, attendable_id, coalesce(location_id, 0), status, count(*)::int
FROM "attendance" GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint

UPDATE "beacons" b SET last_seen_at = s.seen
FROM (
  SELECT st.school_id, v.e->>'factory_id' AS factory_id, max(p.recorded_at) AS seen
  FROM "pings" p
  JOIN "students" st ON st.id = p.student_id
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.beacons) = 'array' THEN p.beacons ELSE '[]'::jsonb END) AS v(e)
  GROUP BY 1, 2
) s
WHERE b.factory_id = s.factory_id AND b.school_id = s.school_id;--> statement-breakpoint

INSERT INTO "presence_daily" (day, student_id, location_id, first_seen, last_seen, pings)
SELECT (q.recorded_at AT TIME ZONE q.timezone)::date, q.student_id, q.location_id,
  min(q.recorded_at), max(q.recorded_at), count(*)::int
FROM (
  SELECT p.student_id, p.recorded_at, sc.timezone, coalesce(p.location_id, (
    SELECT b.location_id
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.beacons) = 'array' THEN p.beacons ELSE '[]'::jsonb END) WITH ORDINALITY AS seen(v, n)
    JOIN "beacons" b ON b.factory_id = seen.v->>'factory_id'
    WHERE b.location_id IS NOT NULL AND b.school_id = st.school_id
    ORDER BY (seen.v->>'rssi')::float8 DESC NULLS LAST, seen.n LIMIT 1)) AS location_id
  FROM "pings" p
  JOIN "students" st ON st.id = p.student_id
  JOIN "schools" sc ON sc.id = st.school_id
  WHERE p.location_id IS NOT NULL OR jsonb_typeof(p.beacons) = 'array'
) q
WHERE q.location_id IS NOT NULL
GROUP BY 1, 2, 3;

-- attendance.session_start (decision 0820): the clock time the row's session starts, the Status and
-- Student reports' second date key, so that an index gives their date order and a page reads 25
-- rows, not every row of the days it reaches. Kept by the database so that every writer (engine,
-- finaliser, overrides, imports, bulk SQL) fills it: a row inserted without it takes its course's
-- or event's start_time as it stands then (a later change of the course's times leaves the rows of
-- sessions already held as they were held). Midnight for a class that is gone. The lock makes
-- writers wait until the migration commits, so no row is written between the backfill and the trigger.
LOCK TABLE "attendance" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint

CREATE FUNCTION "attendance_session_start"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.session_start := coalesce(
    CASE NEW.attendable_type
      WHEN 'course' THEN (SELECT c.start_time FROM courses c WHERE c.id = NEW.attendable_id)
      ELSE (SELECT e.start_time FROM events e WHERE e.id = NEW.attendable_id)
    END,
    time '00:00');
  RETURN NEW;
END $$;--> statement-breakpoint
-- only when the writer left it out: the WHEN is checked without calling the function
CREATE TRIGGER "attendance_session_start" BEFORE INSERT ON "attendance" FOR EACH ROW
  WHEN (NEW.session_start IS NULL)
  EXECUTE FUNCTION "attendance_session_start"();--> statement-breakpoint

UPDATE "attendance" a SET "session_start" = coalesce(
  CASE a.attendable_type
    WHEN 'course' THEN (SELECT c.start_time FROM courses c WHERE c.id = a.attendable_id)
    ELSE (SELECT e.start_time FROM events e WHERE e.id = a.attendable_id)
  END,
  time '00:00')
WHERE a.session_start IS NULL;

DROP INDEX "attendance_student_meets";--> statement-breakpoint
CREATE INDEX "attendance_school_meets_id" ON "attendance" USING btree ("school_id","meets","id","status","student_id");--> statement-breakpoint
CREATE INDEX "pings_recorded" ON "pings" USING btree ("recorded_at","location_id","student_id");--> statement-breakpoint
CREATE INDEX "attendance_student_meets" ON "attendance" USING btree ("student_id","meets","school_id","status");
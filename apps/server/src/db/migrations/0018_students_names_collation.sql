DROP INDEX "students_school_name";--> statement-breakpoint
DROP INDEX "students_live_name";--> statement-breakpoint
CREATE INDEX "students_school_name" ON "students" USING btree ("school_id","last_name" collate "und-x-icu","first_name" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "students_live_name" ON "students" USING btree ("school_id","last_name" collate "und-x-icu","first_name" collate "und-x-icu","id") WHERE "students"."deleted_at" is null;
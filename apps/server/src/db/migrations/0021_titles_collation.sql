DROP INDEX "courses_school_title";--> statement-breakpoint
DROP INDEX "teams_school_name";--> statement-breakpoint
CREATE INDEX "courses_school_title" ON "courses" USING btree ("school_id","title" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "teams_school_name" ON "teams" USING btree ("school_id","name" collate "und-x-icu","id");
CREATE INDEX "students_live_name" ON "students" USING btree ("school_id","last_name","first_name","id") WHERE "students"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "students_live_semester_apa" ON "students" USING btree ("school_id","semester_apa","id") WHERE "students"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "students_live_semester_apa_desc" ON "students" USING btree ("school_id","semester_apa" DESC NULLS LAST,"id") WHERE "students"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "students_first_name_trgm" ON "students" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_last_name_trgm" ON "students" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_email_trgm" ON "students" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_first_name_prefix" ON "students" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_last_name_prefix" ON "students" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "students_email_prefix" ON "students" USING btree (lower("email") text_pattern_ops);
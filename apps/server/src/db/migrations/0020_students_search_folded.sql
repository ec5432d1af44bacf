DROP INDEX "students_search_trgm";--> statement-breakpoint
DROP INDEX "students_first_name_trgm";--> statement-breakpoint
DROP INDEX "students_last_name_trgm";--> statement-breakpoint
DROP INDEX "students_email_trgm";--> statement-breakpoint
DROP INDEX "students_first_name_prefix";--> statement-breakpoint
DROP INDEX "students_last_name_prefix";--> statement-breakpoint
DROP INDEX "students_email_prefix";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_text" text GENERATED ALWAYS AS (replace(replace(replace(replace(translate(regexp_replace(lower(normalize("students"."first_name" || ' ' || "students"."last_name" || ' ' || coalesce("students"."email", ''), NFKD) collate "und-x-icu"), '[\u0300-\u0344\u0346-\u036f\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'), U&'øłđðıħŧŋς\0345’‘ʼ', 'olddihtnσι'''''''), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "students_search_text_trgm" ON "students" USING gin ("search_text" gin_trgm_ops);
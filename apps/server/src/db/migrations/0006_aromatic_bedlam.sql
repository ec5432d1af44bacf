ALTER TABLE "attendance" ADD COLUMN "confidence" double precision;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "engine_state" jsonb;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "review_threshold" double precision;
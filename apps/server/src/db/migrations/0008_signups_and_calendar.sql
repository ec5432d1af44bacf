CREATE TABLE "event_signup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_signup_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "event_signup_tokens" ADD CONSTRAINT "event_signup_tokens_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signup_tokens" ADD CONSTRAINT "event_signup_tokens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_signup_tokens_event_student" ON "event_signup_tokens" USING btree ("event_id","student_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_token_hash_unique" UNIQUE("calendar_token_hash");
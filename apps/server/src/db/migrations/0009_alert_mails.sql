CREATE TABLE "notification_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "notification_claims" ADD CONSTRAINT "notification_claims_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_claims_once" ON "notification_claims" USING btree ("kind","recipient","period");--> statement-breakpoint
CREATE INDEX "sms_outbox_created" ON "sms_outbox" USING btree ("created_at");
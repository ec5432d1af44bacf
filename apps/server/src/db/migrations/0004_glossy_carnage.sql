ALTER TABLE "invitations" DROP CONSTRAINT "invitations_uuid_unique";--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_uuid_unique";--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "secret_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "secret_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "invitations" DROP COLUMN "uuid";--> statement-breakpoint
ALTER TABLE "password_resets" DROP COLUMN "uuid";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_secret_hash_unique" UNIQUE("secret_hash");--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_secret_hash_unique" UNIQUE("secret_hash");
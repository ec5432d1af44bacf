ALTER TABLE "devices" ADD COLUMN "signed_out_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "devices_token" ON "devices" USING btree ("token");
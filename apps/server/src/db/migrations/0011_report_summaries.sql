CREATE TABLE "attendance_session_counts" (
	"school_id" integer NOT NULL,
	"meets" date NOT NULL,
	"attendable_type" text NOT NULL,
	"attendable_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "attendance_session_counts_pkey" PRIMARY KEY("school_id","meets","attendable_type","attendable_id","location_id","status")
);
--> statement-breakpoint
CREATE TABLE "presence_daily" (
	"day" date NOT NULL,
	"student_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"pings" integer NOT NULL,
	CONSTRAINT "presence_daily_pkey" PRIMARY KEY("day","student_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "beacons" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presence_daily" ADD CONSTRAINT "presence_daily_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;
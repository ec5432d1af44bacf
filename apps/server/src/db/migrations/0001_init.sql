CREATE TABLE "cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"location_id" integer,
	"crn" text,
	"course_number" text,
	"title" text NOT NULL,
	"subject" text,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"semester_start" date,
	"semester_end" date,
	"meet_sun" boolean DEFAULT false NOT NULL,
	"meet_mon" boolean DEFAULT false NOT NULL,
	"meet_tue" boolean DEFAULT false NOT NULL,
	"meet_wed" boolean DEFAULT false NOT NULL,
	"meet_thu" boolean DEFAULT false NOT NULL,
	"meet_fri" boolean DEFAULT false NOT NULL,
	"meet_sat" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_indefinite" boolean DEFAULT false NOT NULL,
	"late_time" integer,
	"absent_time" integer,
	"min_percentage" integer,
	"alerts_students" boolean DEFAULT false NOT NULL,
	"manual_attendance" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "courses_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ern" text,
	"school_id" integer NOT NULL,
	"location_id" integer,
	"title" text NOT NULL,
	"description" text,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer,
	"visibility" text DEFAULT 'private' NOT NULL,
	"late_time" integer,
	"absent_time" integer,
	"min_percentage" integer,
	"drop_cutoff" integer DEFAULT 240 NOT NULL,
	"alerts_students" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"restricted_by" integer,
	"scan_secret" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "events_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"tag" text,
	"apa" double precision,
	"is_sport" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "teams_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "travel" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"notes" text,
	"is_away" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendable_id" integer NOT NULL,
	"attendable_type" text NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"location_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"enter" timestamp with time zone,
	"exit" timestamp with time zone,
	"percentage" double precision DEFAULT 0 NOT NULL,
	"lock" boolean DEFAULT false NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"meets" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendance_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendance_id" integer NOT NULL,
	"old_status" smallint NOT NULL,
	"new_status" smallint NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coordinates" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendance_id" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"low_power" boolean DEFAULT false NOT NULL,
	"bluetooth" boolean DEFAULT false NOT NULL,
	"extra" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"attendable_id" integer,
	"attendable_type" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pings" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"device_ping_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"low_power" boolean DEFAULT false NOT NULL,
	"bluetooth" boolean DEFAULT false NOT NULL,
	"beacons" jsonb,
	"extra" jsonb,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_course" (
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_course_student_id_course_id_pk" PRIMARY KEY("student_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "student_event" (
	"student_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"in_waitlist" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_event_student_id_event_id_pk" PRIMARY KEY("student_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "student_team" (
	"student_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_team_student_id_team_id_pk" PRIMARY KEY("student_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "student_travel" (
	"student_id" integer NOT NULL,
	"travel_id" integer NOT NULL,
	CONSTRAINT "student_travel_student_id_travel_id_pk" PRIMARY KEY("student_id","travel_id")
);
--> statement-breakpoint
CREATE TABLE "user_course" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "user_course_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "user_event" (
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "user_event_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "user_student" (
	"user_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "user_student_user_id_student_id_pk" PRIMARY KEY("user_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "user_team" (
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	CONSTRAINT "user_team_user_id_team_id_pk" PRIMARY KEY("user_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"type" text,
	"os_version" text,
	"app_version" text,
	"model_name" text,
	"token" text,
	"location_permission" boolean DEFAULT false NOT NULL,
	"bluetooth_permission" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"preferred_name" text,
	"token" text NOT NULL,
	"email" text,
	"phone" text,
	"school_identifier" text,
	"age" integer,
	"pid_number" text,
	"zip" text,
	"date_of_birth" date,
	"is_veteran" boolean,
	"housing" text,
	"employment" text,
	"sexual_identity" text,
	"gender" text,
	"sex" text,
	"race" text,
	"weekly_apa" double precision,
	"semester_apa" double precision,
	"offline_code" text NOT NULL,
	"last_seen" timestamp with time zone,
	"device_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "students_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "beacons" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"factory_id" text NOT NULL,
	"location_id" integer,
	"battery" integer,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"place_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius" integer DEFAULT 75 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "school_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"contact_person" text,
	"phone" text,
	"email" text,
	"support_email" text,
	"late_time" integer DEFAULT 5 NOT NULL,
	"absent_time" integer DEFAULT 15 NOT NULL,
	"leave_time" integer DEFAULT 10 NOT NULL,
	"warning_percentage" integer DEFAULT 80 NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"token_pattern" text DEFAULT 'random' NOT NULL,
	"student_cap" integer,
	"allow_user_invite" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"impersonator_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"reset_token" boolean DEFAULT false NOT NULL,
	"create_participant" boolean DEFAULT false NOT NULL,
	"assign_appointment" boolean DEFAULT false NOT NULL,
	"create_appointment" boolean DEFAULT false NOT NULL,
	"view_information" boolean DEFAULT false NOT NULL,
	"access_reports" boolean DEFAULT false NOT NULL,
	"cancellations" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"role_id" integer DEFAULT 9 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"password_hash" text,
	"prefers_sms" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_seen" timestamp with time zone,
	"late_email" boolean DEFAULT false NOT NULL,
	"absent_email" boolean DEFAULT true NOT NULL,
	"tardy_absent_email" boolean DEFAULT false NOT NULL,
	"pindrop_email" boolean DEFAULT false NOT NULL,
	"daily_recap_email" boolean DEFAULT false NOT NULL,
	"weekly_startup_email" boolean DEFAULT false NOT NULL,
	"weekly_recap_email" boolean DEFAULT false NOT NULL,
	"higher_contrast" boolean DEFAULT false NOT NULL,
	"a11y_mode" boolean DEFAULT false NOT NULL,
	"alert_filter" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"user_id" integer,
	"impersonator_id" integer,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"user_id" integer,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"description" text NOT NULL,
	"taskable_id" integer,
	"taskable_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_tiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tileable_id" integer NOT NULL,
	"tileable_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_restricted_by_teams_id_fk" FOREIGN KEY ("restricted_by") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel" ADD CONSTRAINT "travel_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_activity" ADD CONSTRAINT "attendance_activity_attendance_id_attendance_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_overrides" ADD CONSTRAINT "attendance_overrides_attendance_id_attendance_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_overrides" ADD CONSTRAINT "attendance_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordinates" ADD CONSTRAINT "coordinates_attendance_id_attendance_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excuses" ADD CONSTRAINT "excuses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excuses" ADD CONSTRAINT "excuses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excuses" ADD CONSTRAINT "excuses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pings" ADD CONSTRAINT "pings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_course" ADD CONSTRAINT "student_course_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_course" ADD CONSTRAINT "student_course_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_event" ADD CONSTRAINT "student_event_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_event" ADD CONSTRAINT "student_event_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_team" ADD CONSTRAINT "student_team_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_team" ADD CONSTRAINT "student_team_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_travel" ADD CONSTRAINT "student_travel_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_travel" ADD CONSTRAINT "student_travel_travel_id_travel_id_fk" FOREIGN KEY ("travel_id") REFERENCES "public"."travel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course" ADD CONSTRAINT "user_course_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_course" ADD CONSTRAINT "user_course_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event" ADD CONSTRAINT "user_event_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event" ADD CONSTRAINT "user_event_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_student" ADD CONSTRAINT "user_student_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_student" ADD CONSTRAINT "user_student_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_team" ADD CONSTRAINT "user_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_team" ADD CONSTRAINT "user_team_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beacons" ADD CONSTRAINT "beacons_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beacons" ADD CONSTRAINT "beacons_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_closures" ADD CONSTRAINT "school_closures_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tiles" ADD CONSTRAINT "user_tiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_course_date" ON "cancellations" USING btree ("course_id","date");--> statement-breakpoint
CREATE INDEX "courses_school_title" ON "courses" USING btree ("school_id","title");--> statement-breakpoint
CREATE INDEX "courses_title_trgm" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_school_date" ON "events" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "events_title_trgm" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_school_name" ON "teams" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "teams_name_trgm" ON "teams" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "travel_team_dates" ON "travel" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_session_student" ON "attendance" USING btree ("attendable_type","attendable_id","meets","student_id");--> statement-breakpoint
CREATE INDEX "attendance_student_meets" ON "attendance" USING btree ("student_id","meets");--> statement-breakpoint
CREATE INDEX "attendance_school_meets" ON "attendance" USING btree ("school_id","meets","status");--> statement-breakpoint
CREATE INDEX "attendance_activity_attendance" ON "attendance_activity" USING btree ("attendance_id");--> statement-breakpoint
CREATE INDEX "attendance_overrides_attendance" ON "attendance_overrides" USING btree ("attendance_id");--> statement-breakpoint
CREATE INDEX "coordinates_attendance" ON "coordinates" USING btree ("attendance_id");--> statement-breakpoint
CREATE INDEX "excuses_student_date" ON "excuses" USING btree ("student_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "pings_student_device_id" ON "pings" USING btree ("student_id","device_ping_id");--> statement-breakpoint
CREATE INDEX "pings_student_recorded" ON "pings" USING btree ("student_id","recorded_at");--> statement-breakpoint
CREATE INDEX "student_course_course" ON "student_course" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "student_event_event" ON "student_event" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "student_team_team" ON "student_team" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "student_travel_travel" ON "student_travel" USING btree ("travel_id");--> statement-breakpoint
CREATE INDEX "user_course_course" ON "user_course" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "user_event_event" ON "user_event" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "user_student_student" ON "user_student" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "user_team_team" ON "user_team" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "devices_student" ON "devices" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_token" ON "students" USING btree ("token");--> statement-breakpoint
CREATE INDEX "students_school_name" ON "students" USING btree ("school_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "students_email" ON "students" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_identifier" ON "students" USING btree ("school_id","school_identifier");--> statement-breakpoint
CREATE INDEX "students_search_trgm" ON "students" USING gin (("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "beacons_factory_id" ON "beacons" USING btree ("factory_id");--> statement-breakpoint
CREATE INDEX "beacons_location" ON "beacons" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "locations_school" ON "locations" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "school_closures_school_dates" ON "school_closures" USING btree ("school_id","start_date");--> statement-breakpoint
CREATE INDEX "access_tokens_user" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_email" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_school" ON "users" USING btree ("school_id","role_id");--> statement-breakpoint
CREATE INDEX "audit_log_school_created" ON "audit_log" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_student" ON "notes" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tasks_user_open" ON "tasks" USING btree ("user_id") WHERE "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_taskable" ON "tasks" USING btree ("user_id","taskable_type","taskable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tiles_unique" ON "user_tiles" USING btree ("user_id","tileable_type","tileable_id");
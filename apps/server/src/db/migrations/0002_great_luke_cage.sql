CREATE TABLE "finalised_sessions" (
	"attendable_type" text NOT NULL,
	"attendable_id" integer NOT NULL,
	"meets" date NOT NULL,
	"school_id" integer NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finalised_sessions_attendable_type_attendable_id_meets_pk" PRIMARY KEY("attendable_type","attendable_id","meets")
);
--> statement-breakpoint
ALTER TABLE "finalised_sessions" ADD CONSTRAINT "finalised_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "used_codes" (
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"step" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_codes_student_id_kind_subject_id_step_pk" PRIMARY KEY("student_id","kind","subject_id","step")
);
--> statement-breakpoint
ALTER TABLE "used_codes" ADD CONSTRAINT "used_codes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;
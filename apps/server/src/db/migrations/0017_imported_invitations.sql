CREATE TABLE "invitation_course" (
	"invitation_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "invitation_course_invitation_id_course_id_pk" PRIMARY KEY("invitation_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "invitation_course" ADD CONSTRAINT "invitation_course_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_course" ADD CONSTRAINT "invitation_course_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_course_course" ON "invitation_course" USING btree ("course_id");
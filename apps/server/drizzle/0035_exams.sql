CREATE TABLE "contest_clarifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"pid" integer,
	"uid" text,
	"content" text NOT NULL,
	"answer" text,
	"to_all" integer DEFAULT 0 NOT NULL,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_exam_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_exam_sessions" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"login_id" bigint NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "contest_exam_sessions_cid_uid_pk" PRIMARY KEY("cid","uid")
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "exam_mode" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "exam_session_policy" text DEFAULT 'replace' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "allowed_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "login_id" bigint;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_clarifications" ADD CONSTRAINT "contest_clarifications_answered_by_users_uid_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_exam_events" ADD CONSTRAINT "contest_exam_events_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_exam_events" ADD CONSTRAINT "contest_exam_events_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_exam_sessions" ADD CONSTRAINT "contest_exam_sessions_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_exam_sessions" ADD CONSTRAINT "contest_exam_sessions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_clarifications_cid_idx" ON "contest_clarifications" USING btree ("cid","id");--> statement-breakpoint
CREATE INDEX "contest_exam_events_cid_idx" ON "contest_exam_events" USING btree ("cid","id");
CREATE TABLE "email_codes" (
	"purpose" text NOT NULL,
	"uid" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_codes_purpose_uid_pk" PRIMARY KEY("purpose","uid")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "problem_counts" (
	"pid" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"ac" integer DEFAULT 0 NOT NULL,
	"wa" integer DEFAULT 0 NOT NULL,
	"ce" integer DEFAULT 0 NOT NULL,
	"tle" integer DEFAULT 0 NOT NULL,
	"mle" integer DEFAULT 0 NOT NULL,
	"re" integer DEFAULT 0 NOT NULL,
	"pe" integer DEFAULT 0 NOT NULL,
	"se" integer DEFAULT 0 NOT NULL,
	"pa" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_acproblems" (
	"uid" text NOT NULL,
	"pid" integer NOT NULL,
	"submit_id" bigint NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_acproblems_uid_pid_pk" PRIMARY KEY("uid","pid")
);
--> statement-breakpoint
CREATE TABLE "user_problem_scores" (
	"uid" text NOT NULL,
	"pid" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "user_problem_scores_uid_pid_pk" PRIMARY KEY("uid","pid")
);
--> statement-breakpoint
CREATE TABLE "user_records" (
	"uid" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"ac" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"rating" integer
);
--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_counts" ADD CONSTRAINT "problem_counts_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_acproblems" ADD CONSTRAINT "user_acproblems_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_acproblems" ADD CONSTRAINT "user_acproblems_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_problem_scores" ADD CONSTRAINT "user_problem_scores_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_problem_scores" ADD CONSTRAINT "user_problem_scores_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_records" ADD CONSTRAINT "user_records_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uid_type_idx" ON "files" USING btree ("uid","type");--> statement-breakpoint
CREATE INDEX "user_acproblems_time_idx" ON "user_acproblems" USING btree ("gmt_create");--> statement-breakpoint
CREATE INDEX "user_records_acm_idx" ON "user_records" USING btree ("ac" desc,"total","uid");--> statement-breakpoint
CREATE INDEX "user_records_oi_idx" ON "user_records" USING btree ("score" desc,"ac" desc,"uid");--> statement-breakpoint
CREATE INDEX "submissions_uid_pid_idx" ON "submissions" USING btree ("uid","pid");--> statement-breakpoint
CREATE INDEX "submissions_submit_time_idx" ON "submissions" USING btree ("submit_time");
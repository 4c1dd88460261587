CREATE TABLE "remote_judge_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"oj" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"lease_task_id" bigint,
	"lease_expires_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judges" ADD COLUMN "remote" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "vjudge_submit_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "vjudge_username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_judge_accounts_oj_username_key" ON "remote_judge_accounts" USING btree ("oj","username");
-- Contest ratings: a contest marked rated, its participants' rating changes, and when they were last computed.
-- Copy detection: checks over a scope (claimed by one instance), their pairs with matching fragments, and each
-- submission's fingerprints, computed once per engine version.
CREATE TABLE "contest_ratings" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"rank" integer NOT NULL,
	"old_rating" integer NOT NULL,
	"new_rating" integer NOT NULL,
	"performance" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_ratings_cid_uid_pk" PRIMARY KEY("cid","uid")
);
--> statement-breakpoint
CREATE TABLE "plagiarism_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"all_submissions" integer DEFAULT 0 NOT NULL,
	"from_time" timestamp with time zone,
	"to_time" timestamp with time zone,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"threshold" double precision DEFAULT 0.5 NOT NULL,
	"pair_count" integer DEFAULT 0 NOT NULL,
	"clusters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignored" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"uid" text NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plagiarism_fingerprints" (
	"submit_id" bigint PRIMARY KEY NOT NULL,
	"engine_version" integer NOT NULL,
	"language" text NOT NULL,
	"tokens" integer NOT NULL,
	"data" jsonb NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plagiarism_pairs" (
	"check_id" integer NOT NULL,
	"left_submit_id" bigint NOT NULL,
	"right_submit_id" bigint NOT NULL,
	"left_uid" text NOT NULL,
	"right_uid" text NOT NULL,
	"pid" integer NOT NULL,
	"language" text NOT NULL,
	"similarity" double precision NOT NULL,
	"longest_fragment" integer NOT NULL,
	"shared_tokens" integer NOT NULL,
	"fragments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "plagiarism_pairs_check_id_left_submit_id_right_submit_id_pk" PRIMARY KEY("check_id","left_submit_id","right_submit_id")
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rating_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_ratings" ADD CONSTRAINT "contest_ratings_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_ratings" ADD CONSTRAINT "contest_ratings_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD CONSTRAINT "plagiarism_checks_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_fingerprints" ADD CONSTRAINT "plagiarism_fingerprints_submit_id_submissions_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."submissions"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_pairs" ADD CONSTRAINT "plagiarism_pairs_check_id_plagiarism_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."plagiarism_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_ratings_uid_idx" ON "contest_ratings" USING btree ("uid","cid");--> statement-breakpoint
CREATE INDEX "plagiarism_checks_scope_idx" ON "plagiarism_checks" USING btree ("scope_kind","scope_id","id");--> statement-breakpoint
CREATE INDEX "plagiarism_checks_claim_idx" ON "plagiarism_checks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "plagiarism_pairs_rank_idx" ON "plagiarism_pairs" USING btree ("check_id","similarity" desc);
CREATE TABLE "submission_review_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"uid" text NOT NULL,
	"content" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"submit_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"from_line" integer NOT NULL,
	"to_line" integer NOT NULL,
	"content" text NOT NULL,
	"notified_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge_cases" ADD COLUMN "output_from_line" integer;--> statement-breakpoint
ALTER TABLE "judge_cases" ADD COLUMN "output_bytes" integer;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "show_first_failure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_review_replies" ADD CONSTRAINT "submission_review_replies_review_id_submission_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_review_replies" ADD CONSTRAINT "submission_review_replies_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_submit_id_submissions_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."submissions"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_review_replies_review_idx" ON "submission_review_replies" USING btree ("review_id","id");--> statement-breakpoint
CREATE INDEX "submission_reviews_submit_idx" ON "submission_reviews" USING btree ("submit_id","id");
-- Per-user limits every server instance shares (decision 0015): the submit and test-run intervals and wrong
-- contest passwords, each taken by one INSERT ... ON CONFLICT DO UPDATE ... WHERE.
CREATE TABLE "user_rate_limits" (
	"uid" text NOT NULL,
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "user_rate_limits_uid_scope_pk" PRIMARY KEY("uid","scope")
);
--> statement-breakpoint
ALTER TABLE "user_rate_limits" ADD CONSTRAINT "user_rate_limits_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;

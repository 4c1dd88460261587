CREATE TABLE "contest_balloons" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"cpid" integer NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_balloons_cid_uid_cpid_pk" PRIMARY KEY("cid","uid","cpid")
);
--> statement-breakpoint
CREATE TABLE "contest_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_balloons" ADD CONSTRAINT "contest_balloons_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_balloons" ADD CONSTRAINT "contest_balloons_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_balloons" ADD CONSTRAINT "contest_balloons_cpid_contest_problems_id_fk" FOREIGN KEY ("cpid") REFERENCES "public"."contest_problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_prints" ADD CONSTRAINT "contest_prints_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_prints" ADD CONSTRAINT "contest_prints_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_prints_cid_idx" ON "contest_prints" USING btree ("cid","status","id");--> statement-breakpoint
CREATE INDEX "contest_prints_uid_idx" ON "contest_prints" USING btree ("uid","id");
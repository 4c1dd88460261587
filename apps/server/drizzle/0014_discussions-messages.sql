-- Discussions, likes, views, reports and the message centre (decision 0020).
CREATE TABLE "discussion_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_likes" (
	"did" integer NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_likes_did_uid_pk" PRIMARY KEY("did","uid")
);
--> statement-breakpoint
CREATE TABLE "discussion_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"did" integer NOT NULL,
	"reporter_uid" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_views" (
	"did" integer NOT NULL,
	"viewer" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discussion_views_did_viewer_pk" PRIMARY KEY("did","viewer")
);
--> statement-breakpoint
CREATE TABLE "discussions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"pid" integer,
	"uid" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"view_num" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"top_priority" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mine_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_uid" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_states" (
	"notice_id" integer NOT NULL,
	"uid" text NOT NULL,
	"cleaned" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_states_uid_notice_id_pk" PRIMARY KEY("uid","notice_id")
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_content" text,
	"quote_id" integer,
	"quote_type" text,
	"url" text,
	"recipient_uid" text NOT NULL,
	"sender_uid" text,
	"state" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discussion_likes" ADD CONSTRAINT "discussion_likes_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_likes" ADD CONSTRAINT "discussion_likes_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_reporter_uid_users_uid_fk" FOREIGN KEY ("reporter_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_did_discussions_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_category_id_discussion_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."discussion_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mine_messages" ADD CONSTRAINT "mine_messages_recipient_uid_users_uid_fk" FOREIGN KEY ("recipient_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_states" ADD CONSTRAINT "notice_states_notice_id_admin_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."admin_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_states" ADD CONSTRAINT "notice_states_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_recipient_uid_users_uid_fk" FOREIGN KEY ("recipient_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_sender_uid_users_uid_fk" FOREIGN KEY ("sender_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_reports_list_idx" ON "discussion_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "discussion_views_time_idx" ON "discussion_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "discussions_site_list_idx" ON "discussions" USING btree ("status","top_priority" desc,"gmt_create" desc,"id" desc) WHERE "discussions"."gid" is null;--> statement-breakpoint
CREATE INDEX "discussions_site_category_idx" ON "discussions" USING btree ("category_id","status","top_priority" desc,"gmt_create" desc,"id" desc) WHERE "discussions"."gid" is null;--> statement-breakpoint
CREATE INDEX "discussions_group_list_idx" ON "discussions" USING btree ("gid","status","top_priority" desc,"gmt_create" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "discussions_pid_idx" ON "discussions" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "discussions_uid_idx" ON "discussions" USING btree ("uid","gmt_create");--> statement-breakpoint
CREATE INDEX "mine_messages_list_idx" ON "mine_messages" USING btree ("recipient_uid","id");--> statement-breakpoint
CREATE INDEX "user_messages_list_idx" ON "user_messages" USING btree ("recipient_uid","action","id");--> statement-breakpoint
CREATE INDEX "user_messages_unread_idx" ON "user_messages" USING btree ("recipient_uid","action") WHERE "user_messages"."state" = 0;
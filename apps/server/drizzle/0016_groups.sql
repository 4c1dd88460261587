CREATE TABLE "group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"gid" integer NOT NULL,
	"uid" text NOT NULL,
	"auth" integer NOT NULL,
	"reason" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"brief" text NOT NULL,
	"description" text NOT NULL,
	"uid" text NOT NULL,
	"auth" integer DEFAULT 1 NOT NULL,
	"code" text,
	"visible" integer DEFAULT 1 NOT NULL,
	"avatar" text,
	"avatar_file" text,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_gid_groups_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_gid_uid_key" ON "group_members" USING btree ("gid","uid");--> statement-breakpoint
CREATE INDEX "group_members_gid_auth_idx" ON "group_members" USING btree ("gid","auth" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "group_members_uid_idx" ON "group_members" USING btree ("uid","auth","gid");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_key" ON "groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "groups_short_name_key" ON "groups" USING btree (lower("short_name"));--> statement-breakpoint
CREATE INDEX "groups_uid_idx" ON "groups" USING btree ("uid","gmt_create");--> statement-breakpoint
CREATE INDEX "groups_list_idx" ON "groups" USING btree ("status","visible","id");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_gid_groups_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_gid_idx" ON "submissions" USING btree ("gid","uid") WHERE "submissions"."gid" is not null;--> statement-breakpoint
-- The group list's keyword ("contains", case-insensitive, over name, short name and brief) as a trigram index scan,
-- as the problem search of migration 0004.
CREATE INDEX IF NOT EXISTS groups_search_idx ON groups
  USING gin ((name || E'\n' || short_name || E'\n' || brief) gin_trgm_ops) WITH (fastupdate = off);

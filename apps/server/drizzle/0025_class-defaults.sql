-- A contest's board shows visitors who are not signed in usernames instead of real names (contest service and
-- board): new contests default to it, contests that existed keep what they showed.
ALTER TABLE "contests" ADD COLUMN "hide_real_name_from_visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ALTER COLUMN "hide_real_name_from_visitors" SET DEFAULT 1;--> statement-breakpoint
-- A group's own threshold of accepted problems for posting in its discussions and comments; null: the site's.
ALTER TABLE "groups" ADD COLUMN "min_ac_to_post" integer;

CREATE TABLE "judge_remote_sites" (
	"site" text PRIMARY KEY NOT NULL,
	"first_declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The remote catalogue starts with every site the workers heard from so far declared (decision 0036, "Remote
-- sites"), so the upgrade's own restart does not refuse remote problems' submissions while the workers reconnect.
INSERT INTO "judge_remote_sites" ("site", "first_declared_at", "last_declared_at")
SELECT r.site, min(j.gmt_create), max(j.last_heartbeat)
FROM "judges" j CROSS JOIN LATERAL jsonb_array_elements_text(j.remote) AS r(site)
GROUP BY r.site
ON CONFLICT ("site") DO NOTHING;
--> statement-breakpoint
-- Profile links are http(s) addresses or nothing (decision 0012, "Links a page shows as links"); a link saved before that rule
-- (a `javascript:` one, say) is cleared, so no client ever gets one to render.
UPDATE "users" SET "github" = NULL WHERE "github" IS NOT NULL AND "github" <> '' AND "github" !~* '^https?://[^/?#]';
--> statement-breakpoint
UPDATE "users" SET "blog" = NULL WHERE "blog" IS NOT NULL AND "blog" <> '' AND "blog" !~* '^https?://[^/?#]';

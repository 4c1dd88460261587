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

CREATE TABLE "judge_languages" (
	"language" text PRIMARY KEY NOT NULL,
	"first_declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The catalogue starts with every language the judges heard from so far declared (decision 0036), so the upgrade's
-- own restart does not refuse them while the judges reconnect.
INSERT INTO "judge_languages" ("language", "first_declared_at", "last_declared_at")
SELECT l.language, min(j.gmt_create), max(j.last_heartbeat)
FROM "judges" j CROSS JOIN LATERAL jsonb_array_elements_text(j.languages) AS l(language)
GROUP BY l.language
ON CONFLICT ("language") DO NOTHING;

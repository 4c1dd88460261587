CREATE TABLE "contest_virtual_runs" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"id" serial NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contest_virtual_runs_cid_uid_pk" PRIMARY KEY("cid","uid")
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "allow_virtual" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "vrid" integer;--> statement-breakpoint
ALTER TABLE "contest_virtual_runs" ADD CONSTRAINT "contest_virtual_runs_cid_contests_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_virtual_runs" ADD CONSTRAINT "contest_virtual_runs_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_virtual_runs_id_key" ON "contest_virtual_runs" USING btree ("id");--> statement-breakpoint
-- A virtual participation's submissions (submissions.vrid) are made after the contest's end, so the board's window already
-- leaves them out; the cell also leaves them out by name, so an end time moved later never counts them. Otherwise
-- the function of migration 0010, unchanged.
CREATE OR REPLACE FUNCTION oj_sync_contest_cell(p_cid integer, p_uid text, p_cpid integer) RETURNS void AS $$
DECLARE
  c record;
  v record;
  seal_s integer;
  big bigint := 9223372036854775807;
  ver bigint;
BEGIN
  SELECT start_time, end_time, seal_rank, seal_rank_time INTO c FROM contests WHERE id = p_cid;
  -- Deleting a contest, a user or a contest problem cascades: nothing left to keep.
  IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM users WHERE uid = p_uid)
     OR NOT EXISTS (SELECT 1 FROM contest_problems WHERE id = p_cpid AND cid = p_cid) THEN
    RETURN;
  END IF;
  -- The version first: the contest row stays locked until commit, so versions are taken in commit order and a
  -- reader that sees version n sees every cell stamped n or less.
  UPDATE contests SET board_version = board_version + 1 WHERE id = p_cid RETURNING board_version INTO ver;
  seal_s := CASE WHEN c.seal_rank = 1 AND c.seal_rank_time IS NOT NULL
    THEN floor(extract(epoch FROM c.seal_rank_time - c.start_time))::integer END;
  WITH tries AS (
    SELECT submit_id, floor(extract(epoch FROM submit_time - c.start_time))::integer AS t, status, score, time_ms,
      status IN (5, 6, 7, 9) AS unjudged, (seal_s IS NULL OR submit_time < c.start_time + seal_s * interval '1 second') AS before_seal
    FROM submissions
    WHERE cid = p_cid AND uid = p_uid AND cpid = p_cpid AND submit_time >= c.start_time AND submit_time < c.end_time AND vrid IS NULL
  ), firsts AS (
    SELECT coalesce(min(submit_id) FILTER (WHERE status = 0), big) AS ac_id,
      coalesce(min(submit_id) FILTER (WHERE status = 0 AND before_seal), big) AS sealed_ac_id
    FROM tries
  )
  SELECT
    (SELECT count(*) FROM tries)::integer AS total,
    (SELECT t FROM tries, firsts WHERE submit_id = ac_id) AS ac_time_s,
    (SELECT count(*) FROM tries, firsts WHERE status IN (-3, -1, 1, 2, 3) AND submit_id < ac_id)::integer AS errors,
    (SELECT count(*) FROM tries, firsts WHERE unjudged AND submit_id < ac_id)::integer AS pending,
    (SELECT t FROM tries, firsts WHERE submit_id = sealed_ac_id) AS sealed_ac_time_s,
    (SELECT count(*) FROM tries, firsts
      WHERE before_seal AND status IN (-3, -1, 1, 2, 3) AND submit_id < sealed_ac_id)::integer AS sealed_errors,
    (SELECT count(*) FROM tries, firsts WHERE before_seal AND unjudged AND submit_id < sealed_ac_id)::integer
      + (SELECT CASE WHEN sealed_ac_id = big THEN (SELECT count(*) FROM tries WHERE NOT before_seal) ELSE 0 END
         FROM firsts)::integer AS sealed_pending,
    (SELECT coalesce(score, 0) FROM tries WHERE NOT unjudged ORDER BY submit_id DESC LIMIT 1) AS score_recent,
    (SELECT max(coalesce(score, 0)) FROM tries WHERE NOT unjudged) AS score_highest,
    (SELECT min(coalesce(time_ms, 0)) FROM tries WHERE status = 0) AS ac_min_run_ms,
    (SELECT coalesce(score, 0) FROM tries WHERE NOT unjudged AND before_seal ORDER BY submit_id DESC LIMIT 1)
      AS sealed_score_recent,
    (SELECT max(coalesce(score, 0)) FROM tries WHERE NOT unjudged AND before_seal) AS sealed_score_highest,
    (SELECT min(coalesce(time_ms, 0)) FROM tries WHERE status = 0 AND before_seal) AS sealed_ac_min_run_ms
  INTO v;
  IF v.total = 0 THEN
    -- Kept with total 0 rather than deleted, so that a board cached at an older version sees the cell go.
    UPDATE contest_cells SET total = 0, ac_time_s = NULL, errors = 0, pending = 0, sealed_ac_time_s = NULL,
      sealed_errors = 0, sealed_pending = 0, score_recent = NULL, score_highest = NULL, ac_min_run_ms = NULL,
      sealed_score_recent = NULL, sealed_score_highest = NULL, sealed_ac_min_run_ms = NULL, version = ver
    WHERE cid = p_cid AND uid = p_uid AND cpid = p_cpid;
  ELSE
    INSERT INTO contest_cells AS x (cid, uid, cpid, total, ac_time_s, errors, pending, sealed_ac_time_s, sealed_errors,
      sealed_pending, score_recent, score_highest, ac_min_run_ms, sealed_score_recent, sealed_score_highest,
      sealed_ac_min_run_ms, version)
    VALUES (p_cid, p_uid, p_cpid, v.total, v.ac_time_s, v.errors, v.pending, v.sealed_ac_time_s, v.sealed_errors,
      v.sealed_pending, v.score_recent, v.score_highest, v.ac_min_run_ms, v.sealed_score_recent,
      v.sealed_score_highest, v.sealed_ac_min_run_ms, ver)
    ON CONFLICT (cid, uid, cpid) DO UPDATE SET total = EXCLUDED.total, ac_time_s = EXCLUDED.ac_time_s,
      errors = EXCLUDED.errors, pending = EXCLUDED.pending, sealed_ac_time_s = EXCLUDED.sealed_ac_time_s,
      sealed_errors = EXCLUDED.sealed_errors, sealed_pending = EXCLUDED.sealed_pending,
      score_recent = EXCLUDED.score_recent, score_highest = EXCLUDED.score_highest,
      ac_min_run_ms = EXCLUDED.ac_min_run_ms, sealed_score_recent = EXCLUDED.sealed_score_recent,
      sealed_score_highest = EXCLUDED.sealed_score_highest, sealed_ac_min_run_ms = EXCLUDED.sealed_ac_min_run_ms,
      version = EXCLUDED.version;
  END IF;
END $$ LANGUAGE plpgsql;

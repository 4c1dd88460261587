-- A board rebuild (oj_rebuild_contest_cells: a contest's times or seal changed, a restore) stamps every cell with one
-- new version instead of bumping contests.board_version once per cell: thousands of updates of the contest row in one
-- transaction made the rebuild quadratic (135 s for 60k cells). The cell's summary moves to oj_write_contest_cell,
-- which takes the version; oj_sync_contest_cell (one cell, from the submission triggers) bumps the version first as
-- before and writes with it. Cells written together are committed together, so a reader that sees the version sees
-- them all.
CREATE OR REPLACE FUNCTION oj_write_contest_cell(p_cid integer, p_uid text, p_cpid integer, ver bigint) RETURNS void AS $$
DECLARE
  c record;
  v record;
  seal_s integer;
  big bigint := 9223372036854775807;
BEGIN
  SELECT start_time, end_time, seal_rank, seal_rank_time INTO c FROM contests WHERE id = p_cid;
  -- Deleting a contest, a user or a contest problem cascades: nothing left to keep.
  IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM users WHERE uid = p_uid)
     OR NOT EXISTS (SELECT 1 FROM contest_problems WHERE id = p_cpid AND cid = p_cid) THEN
    RETURN;
  END IF;
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_sync_contest_cell(p_cid integer, p_uid text, p_cpid integer) RETURNS void AS $$
DECLARE
  ver bigint;
BEGIN
  -- Deleting a contest, a user or a contest problem cascades: nothing left to keep (and no version to take).
  IF NOT EXISTS (SELECT 1 FROM contests WHERE id = p_cid) OR NOT EXISTS (SELECT 1 FROM users WHERE uid = p_uid)
     OR NOT EXISTS (SELECT 1 FROM contest_problems WHERE id = p_cpid AND cid = p_cid) THEN
    RETURN;
  END IF;
  -- The version first: the contest row stays locked until commit, so versions are taken in commit order and a
  -- reader that sees version n sees every cell stamped n or less.
  UPDATE contests SET board_version = board_version + 1 WHERE id = p_cid RETURNING board_version INTO ver;
  PERFORM oj_write_contest_cell(p_cid, p_uid, p_cpid, ver);
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_rebuild_contest_cells(p_cid integer) RETURNS void AS $$
DECLARE
  k record;
  ver bigint;
BEGIN
  UPDATE contests SET board_version = board_version + 1 WHERE id = p_cid RETURNING board_version INTO ver;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- Every cell with tries, and every stored cell (one whose tries are gone becomes total 0 with the new version).
  FOR k IN SELECT uid, cpid FROM submissions WHERE cid = p_cid
      UNION SELECT uid, cpid FROM contest_cells WHERE cid = p_cid AND total > 0 LOOP
    PERFORM oj_write_contest_cell(p_cid, k.uid, k.cpid, ver);
  END LOOP;
END $$ LANGUAGE plpgsql;

-- A board rebuild (oj_rebuild_contest_cells: a contest's times or seal changed, a restore) in one pass over the
-- contest's submissions: every cell summarised by one grouped statement and stamped with one new version. It called
-- oj_sync_contest_cell once per cell, which bumps contests.board_version every time: thousands of updates of the
-- contest row in one transaction made it quadratic (135 s for 60k cells). The summary is oj_sync_contest_cell's
-- (migration 0030), cell for cell: contest-cells-rebuild.int.test.ts holds the two to the same cells. Cells written
-- together are committed together, so a reader that sees the version sees them all.
CREATE OR REPLACE FUNCTION oj_rebuild_contest_cells(p_cid integer) RETURNS void AS $$
DECLARE
  c record;
  seal_s integer;
  big bigint := 9223372036854775807;
BEGIN
  UPDATE contests SET board_version = board_version + 1 WHERE id = p_cid
    RETURNING board_version AS ver, start_time, end_time, seal_rank, seal_rank_time INTO c;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  seal_s := CASE WHEN c.seal_rank = 1 AND c.seal_rank_time IS NOT NULL
    THEN floor(extract(epoch FROM c.seal_rank_time - c.start_time))::integer END;
  WITH tries AS (
    SELECT s.uid, s.cpid, s.submit_id, floor(extract(epoch FROM s.submit_time - c.start_time))::integer AS t, s.status,
      s.score, s.time_ms, s.status IN (5, 6, 7, 9) AS unjudged,
      (seal_s IS NULL OR s.submit_time < c.start_time + seal_s * interval '1 second') AS before_seal
    FROM submissions s
    WHERE s.cid = p_cid AND s.submit_time >= c.start_time AND s.submit_time < c.end_time AND s.vrid IS NULL
      AND EXISTS (SELECT 1 FROM contest_problems p WHERE p.id = s.cpid AND p.cid = p_cid)
      AND EXISTS (SELECT 1 FROM users u WHERE u.uid = s.uid)
  ), firsts AS (
    -- Each try beside its cell's first Accepted (and first Accepted before the seal), by a window: no join.
    SELECT r.*,
      coalesce(min(r.submit_id) FILTER (WHERE r.status = 0) OVER w, big) AS ac_id,
      coalesce(min(r.submit_id) FILTER (WHERE r.status = 0 AND r.before_seal) OVER w, big) AS sealed_ac_id
    FROM tries r
    WINDOW w AS (PARTITION BY r.uid, r.cpid)
  ), cells AS (
    SELECT r.uid, r.cpid,
      count(*)::integer AS total,
      min(r.t) FILTER (WHERE r.submit_id = r.ac_id) AS ac_time_s,
      (count(*) FILTER (WHERE r.status IN (-3, -1, 1, 2, 3) AND r.submit_id < r.ac_id))::integer AS errors,
      (count(*) FILTER (WHERE r.unjudged AND r.submit_id < r.ac_id))::integer AS pending,
      min(r.t) FILTER (WHERE r.submit_id = r.sealed_ac_id) AS sealed_ac_time_s,
      (count(*) FILTER (WHERE r.before_seal AND r.status IN (-3, -1, 1, 2, 3) AND r.submit_id < r.sealed_ac_id))::integer
        AS sealed_errors,
      (count(*) FILTER (WHERE r.before_seal AND r.unjudged AND r.submit_id < r.sealed_ac_id)
        + CASE WHEN min(r.sealed_ac_id) = big THEN count(*) FILTER (WHERE NOT r.before_seal) ELSE 0 END)::integer
        AS sealed_pending,
      (array_agg(coalesce(r.score, 0) ORDER BY r.submit_id DESC) FILTER (WHERE NOT r.unjudged))[1] AS score_recent,
      max(coalesce(r.score, 0)) FILTER (WHERE NOT r.unjudged) AS score_highest,
      min(coalesce(r.time_ms, 0)) FILTER (WHERE r.status = 0) AS ac_min_run_ms,
      (array_agg(coalesce(r.score, 0) ORDER BY r.submit_id DESC) FILTER (WHERE NOT r.unjudged AND r.before_seal))[1]
        AS sealed_score_recent,
      max(coalesce(r.score, 0)) FILTER (WHERE NOT r.unjudged AND r.before_seal) AS sealed_score_highest,
      min(coalesce(r.time_ms, 0)) FILTER (WHERE r.status = 0 AND r.before_seal) AS sealed_ac_min_run_ms
    FROM firsts r
    GROUP BY r.uid, r.cpid
  )
  INSERT INTO contest_cells AS x (cid, uid, cpid, total, ac_time_s, errors, pending, sealed_ac_time_s, sealed_errors,
    sealed_pending, score_recent, score_highest, ac_min_run_ms, sealed_score_recent, sealed_score_highest,
    sealed_ac_min_run_ms, version)
  SELECT p_cid, uid, cpid, total, ac_time_s, errors, pending, sealed_ac_time_s, sealed_errors, sealed_pending,
    score_recent, score_highest, ac_min_run_ms, sealed_score_recent, sealed_score_highest, sealed_ac_min_run_ms, c.ver
  FROM cells
  ON CONFLICT (cid, uid, cpid) DO UPDATE SET total = EXCLUDED.total, ac_time_s = EXCLUDED.ac_time_s,
    errors = EXCLUDED.errors, pending = EXCLUDED.pending, sealed_ac_time_s = EXCLUDED.sealed_ac_time_s,
    sealed_errors = EXCLUDED.sealed_errors, sealed_pending = EXCLUDED.sealed_pending,
    score_recent = EXCLUDED.score_recent, score_highest = EXCLUDED.score_highest,
    ac_min_run_ms = EXCLUDED.ac_min_run_ms, sealed_score_recent = EXCLUDED.sealed_score_recent,
    sealed_score_highest = EXCLUDED.sealed_score_highest, sealed_ac_min_run_ms = EXCLUDED.sealed_ac_min_run_ms,
    version = EXCLUDED.version;
  -- A stored cell whose tries are all gone (out of the new window) is kept with total 0 and the new version, as
  -- oj_sync_contest_cell keeps one, so that a board cached at an older version sees it go.
  UPDATE contest_cells SET total = 0, ac_time_s = NULL, errors = 0, pending = 0, sealed_ac_time_s = NULL,
    sealed_errors = 0, sealed_pending = 0, score_recent = NULL, score_highest = NULL, ac_min_run_ms = NULL,
    sealed_score_recent = NULL, sealed_score_highest = NULL, sealed_ac_min_run_ms = NULL, version = c.ver
  WHERE cid = p_cid AND total > 0 AND version <> c.ver;
END $$ LANGUAGE plpgsql;

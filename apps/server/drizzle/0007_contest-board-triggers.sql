-- Contest scoreboard cells (contest_cells), kept current by triggers so that every writer of a verdict (judge
-- reports, rejudge, manual judge, cancel) updates the board in the same transaction, and a scoreboard request reads
-- at most users x problems cells instead of every submission. The logic mirrors summarizeCell in
-- apps/server/src/modules/contest/contest-ranking.ts (an integration test compares the two on random histories).
CREATE OR REPLACE FUNCTION oj_sync_contest_cell(p_cid integer, p_uid text, p_cpid integer) RETURNS void AS $$
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
    WHERE cid = p_cid AND uid = p_uid AND cpid = p_cpid AND submit_time >= c.start_time AND submit_time < c.end_time
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
    DELETE FROM contest_cells WHERE cid = p_cid AND uid = p_uid AND cpid = p_cpid;
  ELSE
    INSERT INTO contest_cells AS x (cid, uid, cpid, total, ac_time_s, errors, pending, sealed_ac_time_s, sealed_errors,
      sealed_pending, score_recent, score_highest, ac_min_run_ms, sealed_score_recent, sealed_score_highest,
      sealed_ac_min_run_ms)
    VALUES (p_cid, p_uid, p_cpid, v.total, v.ac_time_s, v.errors, v.pending, v.sealed_ac_time_s, v.sealed_errors,
      v.sealed_pending, v.score_recent, v.score_highest, v.ac_min_run_ms, v.sealed_score_recent,
      v.sealed_score_highest, v.sealed_ac_min_run_ms)
    ON CONFLICT (cid, uid, cpid) DO UPDATE SET total = EXCLUDED.total, ac_time_s = EXCLUDED.ac_time_s,
      errors = EXCLUDED.errors, pending = EXCLUDED.pending, sealed_ac_time_s = EXCLUDED.sealed_ac_time_s,
      sealed_errors = EXCLUDED.sealed_errors, sealed_pending = EXCLUDED.sealed_pending,
      score_recent = EXCLUDED.score_recent, score_highest = EXCLUDED.score_highest,
      ac_min_run_ms = EXCLUDED.ac_min_run_ms, sealed_score_recent = EXCLUDED.sealed_score_recent,
      sealed_score_highest = EXCLUDED.sealed_score_highest, sealed_ac_min_run_ms = EXCLUDED.sealed_ac_min_run_ms;
  END IF;
  UPDATE contests SET board_version = board_version + 1 WHERE id = p_cid;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_submissions_contest_board() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.cid = NEW.cid AND OLD.uid = NEW.uid AND OLD.cpid = NEW.cpid
     AND OLD.status = NEW.status AND OLD.score IS NOT DISTINCT FROM NEW.score
     AND OLD.time_ms IS NOT DISTINCT FROM NEW.time_ms AND OLD.submit_time = NEW.submit_time THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.cid <> 0 THEN
    PERFORM oj_sync_contest_cell(OLD.cid, OLD.uid, OLD.cpid);
  END IF;
  -- The same cell was just re-summarised above unless the row moved to another contest, user or problem.
  IF TG_OP <> 'DELETE' AND NEW.cid <> 0
     AND (TG_OP = 'INSERT' OR OLD.cid <> NEW.cid OR OLD.uid <> NEW.uid OR OLD.cpid <> NEW.cpid) THEN
    PERFORM oj_sync_contest_cell(NEW.cid, NEW.uid, NEW.cpid);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_contest_board
  AFTER INSERT OR DELETE OR UPDATE OF status, score, time_ms, cid, cpid, uid, submit_time ON submissions
  FOR EACH ROW EXECUTE FUNCTION oj_submissions_contest_board();
--> statement-breakpoint
-- Every cell of a contest again (its times or seal changed, or after a bulk load done with triggers off).
CREATE OR REPLACE FUNCTION oj_rebuild_contest_cells(p_cid integer) RETURNS void AS $$
DECLARE
  k record;
BEGIN
  DELETE FROM contest_cells WHERE cid = p_cid;
  FOR k IN SELECT DISTINCT uid, cpid FROM submissions WHERE cid = p_cid LOOP
    PERFORM oj_sync_contest_cell(p_cid, k.uid, k.cpid);
  END LOOP;
  UPDATE contests SET board_version = board_version + 1 WHERE id = p_cid;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_contests_board_window() RETURNS trigger AS $$
BEGIN
  IF OLD.start_time <> NEW.start_time OR OLD.end_time <> NEW.end_time OR OLD.seal_rank <> NEW.seal_rank
     OR OLD.seal_rank_time IS DISTINCT FROM NEW.seal_rank_time THEN
    PERFORM oj_rebuild_contest_cells(NEW.id);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contests_board_window
  AFTER UPDATE OF start_time, end_time, seal_rank, seal_rank_time ON contests
  FOR EACH ROW EXECUTE FUNCTION oj_contests_board_window();

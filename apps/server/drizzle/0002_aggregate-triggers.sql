-- Aggregates behind the problem list, the global ranks and the user home, kept current by triggers so that
-- every writer of a verdict (judge reports, rejudge, manual judge, cancel, bulk imports) updates them in the
-- same transaction. Only non-contest, non-group submissions count, as in HOJ.
CREATE OR REPLACE FUNCTION oj_count_submission(p_pid integer, p_status integer, p_delta integer) RETURNS void AS $$
BEGIN
  -- Deleting a problem cascades to its submissions: nothing left to count.
  IF NOT EXISTS (SELECT 1 FROM problems WHERE id = p_pid) THEN RETURN; END IF;
  INSERT INTO problem_counts AS c (pid, total, ac, wa, ce, tle, mle, re, pe, se, pa)
  VALUES (p_pid, p_delta,
    CASE WHEN p_status = 0 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = -1 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = -2 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = 1 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = 2 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = 3 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = -3 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = 4 THEN p_delta ELSE 0 END,
    CASE WHEN p_status = 8 THEN p_delta ELSE 0 END)
  ON CONFLICT (pid) DO UPDATE SET
    total = c.total + EXCLUDED.total, ac = c.ac + EXCLUDED.ac, wa = c.wa + EXCLUDED.wa, ce = c.ce + EXCLUDED.ce,
    tle = c.tle + EXCLUDED.tle, mle = c.mle + EXCLUDED.mle, re = c.re + EXCLUDED.re, pe = c.pe + EXCLUDED.pe,
    se = c.se + EXCLUDED.se, pa = c.pa + EXCLUDED.pa;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_sync_ac(p_uid text, p_pid integer) RETURNS void AS $$
DECLARE
  first_ac record;
BEGIN
  -- Deleting a user or a problem cascades to the submissions: nothing left to sync.
  IF NOT EXISTS (SELECT 1 FROM users WHERE uid = p_uid) OR NOT EXISTS (SELECT 1 FROM problems WHERE id = p_pid) THEN
    RETURN;
  END IF;
  SELECT submit_id, submit_time INTO first_ac FROM submissions
    WHERE uid = p_uid AND pid = p_pid AND status = 0 AND cid = 0 AND gid IS NULL
    ORDER BY submit_id LIMIT 1;
  IF FOUND THEN
    INSERT INTO user_acproblems (uid, pid, submit_id, gmt_create) VALUES (p_uid, p_pid, first_ac.submit_id, first_ac.submit_time)
    ON CONFLICT (uid, pid) DO UPDATE SET submit_id = EXCLUDED.submit_id, gmt_create = EXCLUDED.gmt_create;
  ELSE
    DELETE FROM user_acproblems WHERE uid = p_uid AND pid = p_pid;
  END IF;
  UPDATE user_records SET ac = (SELECT count(*) FROM user_acproblems WHERE uid = p_uid) WHERE uid = p_uid;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_sync_score(p_uid text, p_pid integer) RETURNS void AS $$
DECLARE
  best integer;
BEGIN
  -- Deleting a user or a problem cascades to the submissions: nothing left to sync.
  IF NOT EXISTS (SELECT 1 FROM users WHERE uid = p_uid) OR NOT EXISTS (SELECT 1 FROM problems WHERE id = p_pid) THEN
    RETURN;
  END IF;
  SELECT max(oi_rank_score) INTO best FROM submissions
    WHERE uid = p_uid AND pid = p_pid AND cid = 0 AND gid IS NULL AND oi_rank_score IS NOT NULL;
  IF best IS NULL THEN
    DELETE FROM user_problem_scores WHERE uid = p_uid AND pid = p_pid;
  ELSE
    INSERT INTO user_problem_scores (uid, pid, score) VALUES (p_uid, p_pid, best)
    ON CONFLICT (uid, pid) DO UPDATE SET score = EXCLUDED.score;
  END IF;
  UPDATE user_records SET score = (SELECT coalesce(sum(score), 0) FROM user_problem_scores WHERE uid = p_uid)
  WHERE uid = p_uid;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_submissions_aggregate() RETURNS trigger AS $$
DECLARE
  old_counted boolean := false;
  new_counted boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_counted := OLD.cid = 0 AND OLD.gid IS NULL; END IF;
  IF TG_OP <> 'DELETE' THEN new_counted := NEW.cid = 0 AND NEW.gid IS NULL; END IF;
  IF TG_OP = 'UPDATE' AND old_counted = new_counted AND OLD.uid = NEW.uid AND OLD.pid = NEW.pid
     AND OLD.status = NEW.status AND OLD.oi_rank_score IS NOT DISTINCT FROM NEW.oi_rank_score THEN
    RETURN NULL;
  END IF;
  IF old_counted THEN
    PERFORM oj_count_submission(OLD.pid, OLD.status, -1);
  END IF;
  IF new_counted THEN
    PERFORM oj_count_submission(NEW.pid, NEW.status, 1);
  END IF;
  -- The per-user total changes only when a row starts or stops counting (status moves leave it alone).
  IF old_counted AND NOT (new_counted AND OLD.uid = NEW.uid) THEN
    UPDATE user_records SET total = total - 1 WHERE uid = OLD.uid;
  END IF;
  IF new_counted AND NOT (old_counted AND OLD.uid = NEW.uid) THEN
    UPDATE user_records SET total = total + 1 WHERE uid = NEW.uid;
  END IF;
  IF (old_counted AND OLD.status = 0) OR (new_counted AND NEW.status = 0) THEN
    IF TG_OP <> 'INSERT' THEN PERFORM oj_sync_ac(OLD.uid, OLD.pid); END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.uid <> NEW.uid OR OLD.pid <> NEW.pid)) THEN
      PERFORM oj_sync_ac(NEW.uid, NEW.pid);
    END IF;
  END IF;
  IF (old_counted AND OLD.oi_rank_score IS NOT NULL) OR (new_counted AND NEW.oi_rank_score IS NOT NULL) THEN
    IF TG_OP <> 'INSERT' THEN PERFORM oj_sync_score(OLD.uid, OLD.pid); END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.uid <> NEW.uid OR OLD.pid <> NEW.pid)) THEN
      PERFORM oj_sync_score(NEW.uid, NEW.pid);
    END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_aggregate
  AFTER INSERT OR DELETE OR UPDATE OF status, oi_rank_score, cid, gid, uid, pid ON submissions
  FOR EACH ROW EXECUTE FUNCTION oj_submissions_aggregate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_users_record() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_records (uid) VALUES (NEW.uid) ON CONFLICT (uid) DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_record AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION oj_users_record();
--> statement-breakpoint
-- Recomputes every aggregate from the submissions (after bulk loads done with triggers off, or to repair).
CREATE OR REPLACE FUNCTION oj_rebuild_aggregates() RETURNS void AS $$
BEGIN
  DELETE FROM problem_counts;
  DELETE FROM user_acproblems;
  DELETE FROM user_problem_scores;
  DELETE FROM user_records;
  INSERT INTO problem_counts (pid, total, ac, wa, ce, tle, mle, re, pe, se, pa)
  SELECT pid, count(*), count(*) FILTER (WHERE status = 0), count(*) FILTER (WHERE status = -1),
    count(*) FILTER (WHERE status = -2), count(*) FILTER (WHERE status = 1), count(*) FILTER (WHERE status = 2),
    count(*) FILTER (WHERE status = 3), count(*) FILTER (WHERE status = -3), count(*) FILTER (WHERE status = 4),
    count(*) FILTER (WHERE status = 8)
  FROM submissions WHERE cid = 0 AND gid IS NULL GROUP BY pid;
  INSERT INTO user_acproblems (uid, pid, submit_id, gmt_create)
  SELECT DISTINCT ON (uid, pid) uid, pid, submit_id, submit_time FROM submissions
  WHERE status = 0 AND cid = 0 AND gid IS NULL ORDER BY uid, pid, submit_id;
  INSERT INTO user_problem_scores (uid, pid, score)
  SELECT uid, pid, max(oi_rank_score) FROM submissions
  WHERE cid = 0 AND gid IS NULL AND oi_rank_score IS NOT NULL GROUP BY uid, pid;
  INSERT INTO user_records (uid, total, ac, score)
  SELECT u.uid, coalesce(s.n, 0), coalesce(a.n, 0), coalesce(p.n, 0)
  FROM users u
  LEFT JOIN (SELECT uid, count(*) AS n FROM submissions WHERE cid = 0 AND gid IS NULL GROUP BY uid) s ON s.uid = u.uid
  LEFT JOIN (SELECT uid, count(*) AS n FROM user_acproblems GROUP BY uid) a ON a.uid = u.uid
  LEFT JOIN (SELECT uid, sum(score) AS n FROM user_problem_scores GROUP BY uid) p ON p.uid = u.uid;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT oj_rebuild_aggregates();
--> statement-breakpoint
-- The public problem list's order (length(problem_id), problem_id) as an index, so a page is an index scan.
CREATE INDEX IF NOT EXISTS problems_public_order_idx ON problems (length(problem_id), problem_id)
  WHERE auth = 1 AND is_group = 0;

-- A submission passes through Pending, Compiling and Judging before its verdict: none of them is one of a problem's
-- counted outcomes (problem_counts: ac, wa, ce, tle, mle, re, pe, se, pa), so a move between two of them leaves every
-- count as it was. The aggregate trigger (0002) still took the row out of the old status's count and put it into the
-- new one's (two upserts of the problem's hot counts row, each after a look for the problem), twice for every judged
-- submission. Such a move now returns at once; any other change is counted as before.
CREATE OR REPLACE FUNCTION oj_submissions_aggregate() RETURNS trigger AS $$
DECLARE
  old_counted boolean := false;
  new_counted boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_counted := OLD.cid = 0 AND OLD.gid IS NULL; END IF;
  IF TG_OP <> 'DELETE' THEN new_counted := NEW.cid = 0 AND NEW.gid IS NULL; END IF;
  IF TG_OP = 'UPDATE' AND old_counted = new_counted AND OLD.uid = NEW.uid AND OLD.pid = NEW.pid
     AND OLD.oi_rank_score IS NOT DISTINCT FROM NEW.oi_rank_score
     AND (OLD.status = NEW.status
       OR (OLD.oi_rank_score IS NULL
         AND OLD.status NOT IN (0, -1, -2, 1, 2, 3, -3, 4, 8) AND NEW.status NOT IN (0, -1, -2, 1, 2, 3, -3, 4, 8))) THEN
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

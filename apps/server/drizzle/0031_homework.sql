CREATE TABLE "homework_totals" (
	"tid" integer NOT NULL,
	"uid" text NOT NULL,
	"points" double precision DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	CONSTRAINT "homework_totals_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "training_extensions" (
	"tid" integer NOT NULL,
	"uid" text NOT NULL,
	"due_time" timestamp with time zone NOT NULL,
	"set_by" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_extensions_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
ALTER TABLE "training_cells" ADD COLUMN "hw_score" double precision;--> statement-breakpoint
ALTER TABLE "training_cells" ADD COLUMN "hw_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_cells" ADD COLUMN "hw_solved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_cells" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_cells" ADD COLUMN "last_submit_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "open_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "due_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "late_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "late_penalty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "late_penalty_unit" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "late_penalty_floor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "open_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "due_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework_totals" ADD CONSTRAINT "homework_totals_tid_trainings_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_totals" ADD CONSTRAINT "homework_totals_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_extensions" ADD CONSTRAINT "training_extensions_tid_trainings_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_extensions" ADD CONSTRAINT "training_extensions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_extensions" ADD CONSTRAINT "training_extensions_set_by_users_uid_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainings_due_idx" ON "trainings" USING btree ("due_time") WHERE "trainings"."due_time" is not null;--> statement-breakpoint
-- Homework (decision 0052). The share of a submission's score that counts for an assignment, from the training's rule
-- and the student's own due time (an extension): 1 up to the due time (inclusive), then 1 - penalty x started days or
-- hours late, never below the floor, up to late-until (moved with the due time); null where it does not count: before
-- the open time, after late-until, or after the due time without a late-until. A training without a due time counts
-- everything in full.
CREATE OR REPLACE FUNCTION oj_homework_factor(t trainings, ext_due timestamptz, at timestamptz)
RETURNS double precision AS $$
DECLARE
  due timestamptz;
  units double precision;
BEGIN
  IF t.due_time IS NULL THEN
    RETURN 1;
  END IF;
  IF t.open_time IS NOT NULL AND at < t.open_time THEN
    RETURN NULL;
  END IF;
  due := coalesce(ext_due, t.due_time);
  IF at <= due THEN
    RETURN 1;
  END IF;
  IF t.late_until IS NULL OR at > t.late_until + (due - t.due_time) THEN
    RETURN NULL;
  END IF;
  units := ceil(extract(epoch FROM at - due) / CASE t.late_penalty_unit WHEN 'hour' THEN 3600 ELSE 86400 END);
  RETURN greatest(t.late_penalty_floor, 100 - t.late_penalty * units) / 100.0;
END $$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- The training cell of migration 0013 with its homework figures: every try's count and the last one's time, and the
-- best counted score as a percentage (ACM-type: 100 on Accepted; OI: the score over the problem's full score) times
-- the factor above, an earlier try winning a tie; whether it came late and whether a counted try was accepted.
-- Rejudges, manual judges and cancels reach it through the same trigger as the rank.
CREATE OR REPLACE FUNCTION oj_sync_training_cell(p_tid integer, p_uid text, p_pid integer) RETURNS void AS $$
DECLARE
  tp integer;
  v record;
  t trainings;
  ext timestamptz;
  pr record;
  hw record;
  agg record;
BEGIN
  -- Only a registered user's cells are on the rank: theirs take the training's lock (a new snapshot per statement
  -- after it). Others' (a public training's users, its admins) are kept without it.
  IF EXISTS (SELECT 1 FROM training_registers WHERE tid = p_tid AND uid = p_uid) THEN
    UPDATE trainings SET rank_version = rank_version + 1 WHERE id = p_tid;
  END IF;
  SELECT id INTO tp FROM training_problems WHERE tid = p_tid AND pid = p_pid;
  -- A problem no longer in the training, a deleted training or user: nothing to keep.
  IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM users WHERE uid = p_uid) THEN
    RETURN;
  END IF;
  SELECT status, score, time_ms INTO v FROM submissions
  WHERE tid = p_tid AND uid = p_uid AND pid = p_pid
  ORDER BY (status = 0) DESC, CASE WHEN status = 0 THEN coalesce(time_ms, 0) END, submit_id DESC
  LIMIT 1;
  IF NOT FOUND THEN
    DELETE FROM training_cells WHERE tid = p_tid AND uid = p_uid AND tpid = tp;
  ELSE
    SELECT * INTO t FROM trainings WHERE id = p_tid;
    SELECT due_time INTO ext FROM training_extensions WHERE tid = p_tid AND uid = p_uid;
    SELECT type, io_score INTO pr FROM problems WHERE id = p_pid;
    SELECT count(*)::integer AS n, max(submit_time) AS last INTO agg FROM submissions
    WHERE tid = p_tid AND uid = p_uid AND pid = p_pid;
    SELECT max(x.pct * x.f) AS score,
      (array_agg(x.late ORDER BY x.pct * x.f DESC, x.submit_time) FILTER (WHERE x.f IS NOT NULL))[1] AS late,
      coalesce(bool_or(x.status = 0) FILTER (WHERE x.f IS NOT NULL), false) AS solved
    INTO hw
    FROM (SELECT s.status, s.submit_time, oj_homework_factor(t, ext, s.submit_time) AS f,
            t.due_time IS NOT NULL AND s.submit_time > coalesce(ext, t.due_time) AS late,
            CASE WHEN pr.type = 1 AND pr.io_score > 0
              THEN least(greatest(coalesce(s.score, CASE WHEN s.status = 0 THEN pr.io_score ELSE 0 END), 0), pr.io_score)
                * 100.0 / pr.io_score
              ELSE CASE WHEN s.status = 0 THEN 100.0 ELSE 0 END END AS pct
          FROM submissions s WHERE s.tid = p_tid AND s.uid = p_uid AND s.pid = p_pid) x;
    INSERT INTO training_cells AS c (tid, uid, tpid, status, score, run_time, hw_score, hw_late, hw_solved, attempts,
      last_submit_time)
    VALUES (p_tid, p_uid, tp, v.status, v.score, v.time_ms, hw.score, coalesce(hw.late, false), hw.solved, agg.n,
      agg.last)
    ON CONFLICT (tid, uid, tpid) DO UPDATE SET status = EXCLUDED.status, score = EXCLUDED.score,
      run_time = EXCLUDED.run_time, hw_score = EXCLUDED.hw_score, hw_late = EXCLUDED.hw_late,
      hw_solved = EXCLUDED.hw_solved, attempts = EXCLUDED.attempts, last_submit_time = EXCLUDED.last_submit_time;
  END IF;
  PERFORM oj_sync_training_total(p_tid, p_uid);
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A training's rule or a student's extension changed: the homework figures of its cells (one student's, or all with a
-- null uid) again.
CREATE OR REPLACE FUNCTION oj_sync_training_homework(p_tid integer, p_uid text) RETURNS void AS $$
DECLARE
  k record;
BEGIN
  FOR k IN SELECT DISTINCT uid, pid FROM submissions WHERE tid = p_tid AND (p_uid IS NULL OR uid = p_uid) LOOP
    PERFORM oj_sync_training_cell(p_tid, k.uid, k.pid);
  END LOOP;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Existing cells: their tries' count and last time (no training has a due time yet, so nothing else counts).
UPDATE training_cells c SET attempts = s.n, last_submit_time = s.last
FROM (SELECT sub.tid, sub.uid, tp.id AS tpid, count(*)::integer AS n, max(sub.submit_time) AS last
      FROM submissions sub JOIN training_problems tp ON tp.tid = sub.tid AND tp.pid = sub.pid
      WHERE sub.tid IS NOT NULL GROUP BY 1, 2, 3) s
WHERE c.tid = s.tid AND c.uid = s.uid AND c.tpid = s.tpid;
--> statement-breakpoint
-- The training total of migration 0013, which the cell function runs after each cell, also keeps the student's
-- homework figures over the training (homework_totals: the gradebook reads one row per student and assignment).
CREATE OR REPLACE FUNCTION oj_sync_training_total(p_tid integer, p_uid text) RETURNS void AS $$
BEGIN
  UPDATE training_registers r SET ac = s.ac, total_run_time = s.rt
  FROM (SELECT count(*) FILTER (WHERE status = 0)::integer AS ac,
          coalesce(sum(coalesce(run_time, 0)) FILTER (WHERE status = 0), 0)::bigint AS rt
        FROM training_cells WHERE tid = p_tid AND uid = p_uid) s
  WHERE r.tid = p_tid AND r.uid = p_uid AND (r.ac, r.total_run_time) IS DISTINCT FROM (s.ac, s.rt);
  INSERT INTO homework_totals AS h (tid, uid, points, solved, late)
  SELECT p_tid, p_uid, coalesce(sum(hw_score), 0), count(*) FILTER (WHERE hw_solved)::integer,
    coalesce(bool_or(hw_late AND hw_score IS NOT NULL), false)
  FROM training_cells WHERE tid = p_tid AND uid = p_uid
  HAVING count(*) > 0
  ON CONFLICT (tid, uid) DO UPDATE SET points = EXCLUDED.points, solved = EXCLUDED.solved, late = EXCLUDED.late
  WHERE (h.points, h.solved, h.late) IS DISTINCT FROM (EXCLUDED.points, EXCLUDED.solved, EXCLUDED.late);
  DELETE FROM homework_totals h WHERE h.tid = p_tid AND h.uid = p_uid
    AND NOT EXISTS (SELECT 1 FROM training_cells c WHERE c.tid = p_tid AND c.uid = p_uid);
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every rank row and homework total of a training from its cells (after a problem left it and its cells went with it).
CREATE OR REPLACE FUNCTION oj_sync_training_totals(p_tid integer) RETURNS void AS $$
BEGIN
  UPDATE trainings SET rank_version = rank_version + 1 WHERE id = p_tid;
  UPDATE training_registers r SET
    ac = (SELECT count(*) FROM training_cells c WHERE c.tid = r.tid AND c.uid = r.uid AND c.status = 0),
    total_run_time = (SELECT coalesce(sum(coalesce(run_time, 0)), 0) FROM training_cells c
                      WHERE c.tid = r.tid AND c.uid = r.uid AND c.status = 0)
  WHERE r.tid = p_tid;
  DELETE FROM homework_totals WHERE tid = p_tid;
  INSERT INTO homework_totals (tid, uid, points, solved, late)
  SELECT tid, uid, coalesce(sum(hw_score), 0), count(*) FILTER (WHERE hw_solved)::integer,
    coalesce(bool_or(hw_late AND hw_score IS NOT NULL), false)
  FROM training_cells WHERE tid = p_tid GROUP BY tid, uid;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO homework_totals (tid, uid, points, solved, late)
SELECT tid, uid, coalesce(sum(hw_score), 0), count(*) FILTER (WHERE hw_solved)::integer,
  coalesce(bool_or(hw_late AND hw_score IS NOT NULL), false)
FROM training_cells GROUP BY tid, uid;

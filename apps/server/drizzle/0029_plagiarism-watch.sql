CREATE TABLE "plagiarism_check_problems" (
	"check_id" integer NOT NULL,
	"pid" integer NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	CONSTRAINT "plagiarism_check_problems_check_id_pid_pk" PRIMARY KEY("check_id","pid")
);
--> statement-breakpoint
ALTER TABLE "plagiarism_checks" ADD COLUMN "watching" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plagiarism_check_problems" ADD CONSTRAINT "plagiarism_check_problems_check_id_plagiarism_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."plagiarism_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plagiarism_check_problems_pending_idx" ON "plagiarism_check_problems" USING btree ("check_id") WHERE "plagiarism_check_problems"."pending" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "plagiarism_checks_watching_idx" ON "plagiarism_checks" USING btree ("scope_kind","scope_id") WHERE "plagiarism_checks"."watching" = 1;--> statement-breakpoint
CREATE INDEX "plagiarism_pairs_right_idx" ON "plagiarism_pairs" USING btree ("check_id","right_submit_id");--> statement-breakpoint
-- A watching copy-detection check (decision 0050) compares each user's latest accepted submission per problem and
-- language: its selection changes only when a submission of its scope becomes accepted, stops being accepted (a
-- rejudge, a manual verdict, a cancel) or goes away. These triggers see every such change, whoever writes it, and
-- count it on the check's problem in the same transaction; the runner (apps/server/src/modules/plagiarism/
-- plagiarism-runner.ts) claims the problem and compares what changed. Scopes nobody watches cost one index lookup
-- on an accepted verdict.
CREATE OR REPLACE FUNCTION oj_plagiarism_watch() RETURNS trigger AS $$
DECLARE
  s record;
BEGIN
  IF TG_OP = 'DELETE' THEN s := OLD; ELSE s := NEW; END IF;
  INSERT INTO plagiarism_check_problems AS p (check_id, pid, pending)
    SELECT c.id, s.pid, 1 FROM plagiarism_checks c
    WHERE c.watching = 1 AND CASE c.scope_kind
      WHEN 'contest' THEN s.cid <> 0 AND c.scope_id = s.cid
      WHEN 'training' THEN s.cid = 0 AND c.scope_id = s.tid
      WHEN 'group' THEN s.cid = 0 AND c.scope_id = s.gid
      WHEN 'problem' THEN s.cid = 0 AND c.scope_id = s.pid
      ELSE false END
  ON CONFLICT (check_id, pid) DO UPDATE SET pending = p.pending + 1;
  IF FOUND THEN PERFORM pg_notify('oj_plagiarism', ''); END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_plagiarism_watch_insert AFTER INSERT ON submissions
  FOR EACH ROW WHEN (NEW.status = 0) EXECUTE FUNCTION oj_plagiarism_watch();
--> statement-breakpoint
CREATE TRIGGER submissions_plagiarism_watch_update AFTER UPDATE OF status ON submissions
  FOR EACH ROW WHEN ((OLD.status = 0) <> (NEW.status = 0)) EXECUTE FUNCTION oj_plagiarism_watch();
--> statement-breakpoint
CREATE TRIGGER submissions_plagiarism_watch_delete AFTER DELETE ON submissions
  FOR EACH ROW WHEN (OLD.status = 0) EXECUTE FUNCTION oj_plagiarism_watch();

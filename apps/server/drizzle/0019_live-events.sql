CREATE TABLE "event_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"instance" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_streams" ADD CONSTRAINT "event_streams_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_streams_uid_idx" ON "event_streams" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "event_streams_instance_idx" ON "event_streams" USING btree ("instance");--> statement-breakpoint
-- Live updates (decision 0034): what changed is told on channel oj_live when the transaction commits, to every
-- server instance listening (the event streams of modules/live). Payloads are small JSON objects, far below
-- PostgreSQL's 8000-byte cap; identical ones of one transaction are told once.
CREATE OR REPLACE FUNCTION oj_live_submission() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('oj_live', json_build_object('t', 's', 'id', NEW.submit_id, 'uid', NEW.uid,
    'status', NEW.status, 'cid', NEW.cid)::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_live AFTER INSERT OR UPDATE OF status ON submissions
  FOR EACH ROW EXECUTE FUNCTION oj_live_submission();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_live_board() RETURNS trigger AS $$
BEGIN
  IF OLD.board_version IS DISTINCT FROM NEW.board_version THEN
    PERFORM pg_notify('oj_live', json_build_object('t', 'b', 'cid', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contests_live AFTER UPDATE OF board_version ON contests
  FOR EACH ROW EXECUTE FUNCTION oj_live_board();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oj_live_announcement() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('oj_live', json_build_object('t', 'a', 'cid', NEW.cid, 'id', NEW.id)::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contest_announcements_live AFTER INSERT ON contest_announcements
  FOR EACH ROW EXECUTE FUNCTION oj_live_announcement();
--> statement-breakpoint
-- A message arrived or was read or removed: the recipient's unread counts may have changed.
CREATE OR REPLACE FUNCTION oj_live_message() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'notice_states' THEN
    PERFORM pg_notify('oj_live', json_build_object('t', 'm', 'uid', r.uid)::text);
  ELSE
    PERFORM pg_notify('oj_live', json_build_object('t', 'm', 'uid', r.recipient_uid)::text);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_messages_live AFTER INSERT OR DELETE OR UPDATE OF state ON user_messages
  FOR EACH ROW EXECUTE FUNCTION oj_live_message();
--> statement-breakpoint
CREATE TRIGGER mine_messages_live AFTER INSERT OR DELETE OR UPDATE OF state ON mine_messages
  FOR EACH ROW EXECUTE FUNCTION oj_live_message();
--> statement-breakpoint
CREATE TRIGGER notice_states_live AFTER INSERT OR DELETE OR UPDATE ON notice_states
  FOR EACH ROW EXECUTE FUNCTION oj_live_message();
--> statement-breakpoint
-- An admin notice reaches all users, the admins or chosen ones: every stream asks its counts again.
CREATE OR REPLACE FUNCTION oj_live_notice() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('oj_live', '{"t":"m","all":true}');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER admin_notices_live AFTER INSERT OR DELETE OR UPDATE ON admin_notices
  FOR EACH STATEMENT EXECUTE FUNCTION oj_live_notice();

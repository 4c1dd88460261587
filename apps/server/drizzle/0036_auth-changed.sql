-- Every signed-in request reads the session behind its token with its user from memory (modules/auth/
-- session-cache.ts). These triggers tell every instance (channel auth_changed, payload the uid) when anything that
-- decides a session's answer changes, whatever code changes it: a session revoked, replaced by a refresh or deleted,
-- a user's status (a ban) or name, a user deleted, his roles. A notification goes at commit, once per uid and
-- transaction (PostgreSQL folds equal payloads).
CREATE OR REPLACE FUNCTION oj_auth_changed() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('auth_changed', to_json(r.uid)::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION oj_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF status, username OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION oj_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION oj_auth_changed();

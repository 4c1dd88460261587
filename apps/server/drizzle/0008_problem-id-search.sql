-- The status list's problem filter matches display ids by "contains" (HOJ's behaviour): a trigram index keeps
-- it an index scan instead of a scan of every problem.
CREATE INDEX IF NOT EXISTS problems_problem_id_trgm_idx ON problems USING gin (problem_id gin_trgm_ops) WITH (fastupdate = off);

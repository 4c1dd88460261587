-- Keyword search on the problem list ("contains", case-insensitive) as a trigram index scan instead of a scan of
-- every problem. pg_trgm is a trusted extension: the database owner may create it. fastupdate off: problems are
-- written rarely, and a GIN pending list left unmerged between vacuums made every search slow.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS problems_search_idx ON problems
  USING gin ((title || E'\n' || problem_id || E'\n' || source) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The public list's pages and its total from one small partial index: an index-only scan in the list's order,
-- carrying the columns a row of the list shows.
CREATE INDEX IF NOT EXISTS problems_public_page_idx ON problems (length(problem_id), problem_id)
  INCLUDE (id, title, difficulty, type) WHERE auth = 1 AND is_group = 0;

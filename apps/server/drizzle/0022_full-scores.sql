-- A problem's full score (io_score) is what a solution accepted on every case gets (fullScoreOf in
-- packages/shared/src/problem-cases.ts): in the subtask modes each subtask counts once, at its lowest case score
-- (subtask_lowest) or at its cases' average rounded to the nearest point (subtask_average). Problems saved before
-- added up every case's score; their full score is computed again.
UPDATE "problems" AS p SET "io_score" = s.total
FROM (
  SELECT g.pid, sum(g.subtask)::integer AS total
  FROM (
    SELECT c."pid" AS pid,
      CASE WHEN q."judge_case_mode" = 'subtask_lowest' THEN min(c."score")::numeric ELSE round(avg(c."score")) END AS subtask
    FROM "problem_cases" AS c JOIN "problems" AS q ON q."id" = c."pid"
    WHERE q."type" = 1 AND q."judge_case_mode" IN ('subtask_lowest', 'subtask_average')
    GROUP BY c."pid", q."judge_case_mode", c."group_num"
  ) AS g
  GROUP BY g.pid
) AS s
WHERE p."id" = s.pid AND p."io_score" <> s.total;
--> statement-breakpoint
-- An ACM-type problem in an OI contest scores its full score on Accepted and 0 otherwise
-- (docs/decisions/0039-full-scores.md); its verdicts given before had no score. The board triggers
-- (0010_contest-cell-versions.sql) recount the cells these rows change. Status 0 is Accepted; 5, 6, 7 and 9 (Pending,
-- Compiling, Judging, Submitting) have no verdict yet.
UPDATE "submissions" AS s SET "score" = CASE WHEN s."status" = 0 THEN p."io_score" ELSE 0 END
FROM "problems" AS p, "contests" AS c
WHERE p."id" = s."pid" AND c."id" = s."cid" AND c."type" = 1 AND p."type" = 0 AND s."score" IS NULL
  AND s."status" NOT IN (5, 6, 7, 9);

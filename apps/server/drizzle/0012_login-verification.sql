-- Login verification (decision 0014): the slide puzzles the server hands out (it keeps
-- where the piece fits) and the single-use proofs a solved puzzle or image captcha yields, sent with the next login.
CREATE TABLE "login_proofs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slide_puzzles" (
	"key" text PRIMARY KEY NOT NULL,
	"piece_x" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

-- A special judge's or interactor's compile state, kept on its problem: the server queues a checker compile
-- whenever such a problem is saved or imported (modules/admin-problem) and stores the judge's answer when it comes
-- (modules/judge, the compileChecker report), so the admin sees a checker that does not compile before anyone submits.
-- checker_state: 'compiling' | 'ok' | 'error'; null for a problem without a checker.
ALTER TABLE "problems" ADD COLUMN "checker_state" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "checker_error" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "checker_compiled_at" timestamp with time zone;

-- Site-wide judge headers (testlib.h ...): put on the include path of every checker and interactor compile on every
-- judge (apps/server/src/modules/judge-header). The bytes live in the content-addressed test data store, so workers
-- fetch them by hash as they fetch test files; `version` is the header's `#define VERSION "..."`, when it has one.
CREATE TABLE "judge_headers" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"version" text,
	"uploaded_by" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "plagiarism_base_files" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"pid" integer NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"uid" text NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plagiarism_base_files_scope_kind_scope_id_pid_language_pk" PRIMARY KEY("scope_kind","scope_id","pid","language")
);
--> statement-breakpoint
CREATE TABLE "plagiarism_decisions" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"pid" integer NOT NULL,
	"left_uid" text NOT NULL,
	"right_uid" text NOT NULL,
	"decision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"uid" text NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plagiarism_decisions_scope_kind_scope_id_pid_left_uid_right_uid_pk" PRIMARY KEY("scope_kind","scope_id","pid","left_uid","right_uid")
);

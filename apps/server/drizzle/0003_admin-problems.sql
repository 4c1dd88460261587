CREATE TABLE "test_data_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"cases" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "test_data_uploads" ADD CONSTRAINT "test_data_uploads_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_data_uploads_expires_idx" ON "test_data_uploads" USING btree ("expires_at");
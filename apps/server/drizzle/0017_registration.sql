CREATE TABLE "address_codes" (
	"purpose" text NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "address_codes_purpose_address_pk" PRIMARY KEY("purpose","address")
);
--> statement-breakpoint
CREATE TABLE "address_rate_limits" (
	"subject" text NOT NULL,
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "address_rate_limits_subject_scope_pk" PRIMARY KEY("subject","scope")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"content" text NOT NULL,
	"provider" text NOT NULL,
	"ok" integer NOT NULL,
	"error" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "grade" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reg_state" text;--> statement-breakpoint
CREATE INDEX "sms_outbox_mobile_idx" ON "sms_outbox" USING btree ("mobile","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile") WHERE "users"."mobile" is not null;--> statement-breakpoint
CREATE INDEX "users_reg_state_idx" ON "users" USING btree ("reg_state","gmt_create") WHERE "users"."reg_state" is not null;
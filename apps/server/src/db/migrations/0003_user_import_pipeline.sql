CREATE TABLE "user_import_invitations" (
	"import_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_import_invitations_import_id_user_id_pk" PRIMARY KEY("import_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_import_rows" DROP CONSTRAINT "user_import_rows_import_id_user_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "workspaces" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "teams" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "skills" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "disabled" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "applied_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "users_created" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "users_updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "users_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "invitations_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "invitations_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_import_invitations_open_idx" ON "user_import_invitations" USING btree ("import_id","status") WHERE "user_import_invitations"."status" IN ('pending', 'sending', 'error');--> statement-breakpoint
CREATE INDEX "user_import_rows_email_idx" ON "user_import_rows" USING btree ("import_id",lower("email"));--> statement-breakpoint
CREATE INDEX "user_import_rows_employee_id_idx" ON "user_import_rows" USING btree ("import_id","employee_id");--> statement-breakpoint
CREATE INDEX "user_import_rows_outcome_idx" ON "user_import_rows" USING btree ("import_id","row_number") WHERE "user_import_rows"."outcome" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_rows" DROP COLUMN "user_id";
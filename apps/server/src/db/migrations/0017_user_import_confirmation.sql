CREATE TABLE "user_import_preferences" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"options" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "apply_without_confirmation_from_rows" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_import_preferences" ADD CONSTRAINT "user_import_preferences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
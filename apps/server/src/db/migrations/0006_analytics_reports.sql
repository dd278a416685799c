CREATE TABLE "report_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "row_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_generations" ADD CONSTRAINT "report_generations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_generations" ADD CONSTRAINT "report_generations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_generations_org_requested_idx" ON "report_generations" USING btree ("organization_id","requested_at");--> statement-breakpoint
CREATE INDEX "report_generations_requested_by_idx" ON "report_generations" USING btree ("requested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "report_generations_org_active_uq" ON "report_generations" USING btree ("organization_id") WHERE "report_generations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "reports_generated_idx" ON "reports" USING btree ("created_at");
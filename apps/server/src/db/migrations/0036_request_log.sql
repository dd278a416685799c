CREATE TABLE "request_log" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"organization_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"access_key_id" uuid NOT NULL,
	"access_key_name" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" smallint NOT NULL,
	"status_class" smallint GENERATED ALWAYS AS (status / 100) STORED NOT NULL,
	"duration_us" integer NOT NULL,
	"request_id" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"error_code" text
);
--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_org_occurred_idx" ON "request_log" USING btree ("organization_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "request_log_org_class_occurred_idx" ON "request_log" USING btree ("organization_id","status_class","occurred_at","id");--> statement-breakpoint
CREATE INDEX "request_log_org_key_class_occurred_idx" ON "request_log" USING btree ("organization_id","access_key_id","status_class","occurred_at","id");--> statement-breakpoint
CREATE INDEX "request_log_org_route_class_occurred_idx" ON "request_log" USING btree ("organization_id","route","status_class","occurred_at","id");--> statement-breakpoint
CREATE INDEX "request_log_occurred_idx" ON "request_log" USING btree ("occurred_at","id");
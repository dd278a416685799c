CREATE TABLE "sso_connection_refusals" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"connection_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason_code" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"issuer" text,
	"client_id" text,
	"client_secret" text,
	"saml" jsonb,
	"jit" boolean NOT NULL,
	"jit_role" text NOT NULL,
	"group_roles" jsonb NOT NULL,
	"last_test" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_login_states" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "sso_login_states" ADD COLUMN "test_by" uuid;--> statement-breakpoint
ALTER TABLE "sso_connection_refusals" ADD CONSTRAINT "sso_connection_refusals_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_connection_refusals_connection_idx" ON "sso_connection_refusals" USING btree ("connection_id","at");--> statement-breakpoint
CREATE INDEX "sso_connections_org_idx" ON "sso_connections" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "sso_connections_created_by_idx" ON "sso_connections" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "sso_login_states" ADD CONSTRAINT "sso_login_states_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_login_states" ADD CONSTRAINT "sso_login_states_test_by_users_id_fk" FOREIGN KEY ("test_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_login_states_connection_idx" ON "sso_login_states" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "sso_login_states_test_by_idx" ON "sso_login_states" USING btree ("test_by");
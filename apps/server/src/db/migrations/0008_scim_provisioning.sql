-- SCIM provisioning, so identity providers create, change and deactivate users: tokens, what provisioning gives a new user, its events; users and teams keep the identity provider's ids (docs/decisions/036-scim-provisioning.md).
CREATE TABLE "scim_configs" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"default_role" text DEFAULT 'viewer' NOT NULL,
	"default_workspace_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"send_invitations" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_events" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"organization_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" uuid,
	"resource_name" text,
	"method" text NOT NULL,
	"status" integer NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "scim_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scim_configs" ADD CONSTRAINT "scim_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_events" ADD CONSTRAINT "scim_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_events_org_at_idx" ON "scim_events" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "scim_tokens_org_idx" ON "scim_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "scim_tokens_created_by_idx" ON "scim_tokens" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "users_org_scim_external_id_idx" ON "users" USING btree ("organization_id","scim_external_id") WHERE "users"."scim_external_id" IS NOT NULL;
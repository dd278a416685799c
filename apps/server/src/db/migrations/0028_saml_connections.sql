-- SAML connections usable (decision 063): the identity provider's entity ID, sign-in address and
-- trusted certificates, its metadata's URL and the last daily read; the unused `saml` column goes.
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_entity_id" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_certificates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_url" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_metadata_error" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_wants_signed_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_idp_initiated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Records of connections deleted before the foreign key existed would stop it.
DELETE FROM "saml_assertions_seen" WHERE "connection_id" NOT IN (SELECT "id" FROM "sso_connections");--> statement-breakpoint
ALTER TABLE "saml_assertions_seen" ADD CONSTRAINT "saml_assertions_seen_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" DROP COLUMN "saml";
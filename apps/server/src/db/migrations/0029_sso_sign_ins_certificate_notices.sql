-- When someone last signed in through each single sign-on connection ("SSO login only" needs an
-- enabled one that has, decision 062), and the notices sent of a trusted SAML certificate's coming
-- expiry, one per certificate and threshold (decision 063).
CREATE TABLE "saml_certificate_notices" (
	"connection_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"threshold_days" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_certificate_notices_pk" PRIMARY KEY("connection_id","fingerprint","threshold_days")
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saml_certificate_notices" ADD CONSTRAINT "saml_certificate_notices_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;
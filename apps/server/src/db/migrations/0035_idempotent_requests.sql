CREATE TABLE "idempotent_requests" (
	"organization_id" uuid NOT NULL,
	"access_key_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"route" text NOT NULL,
	"attempt" uuid NOT NULL,
	"running_until" timestamp with time zone,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotent_requests_pk" PRIMARY KEY("organization_id","access_key_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_access_key_id_integrations_id_fk" FOREIGN KEY ("access_key_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_access_key_idx" ON "idempotent_requests" USING btree ("access_key_id");--> statement-breakpoint
CREATE INDEX "idempotent_requests_expires_idx" ON "idempotent_requests" USING btree ("expires_at");
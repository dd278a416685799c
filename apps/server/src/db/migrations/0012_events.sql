CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"organization_id" uuid,
	"action" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_ip" text,
	"actor_user_agent" text,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The audit log's rows become events with their meaning (docs/decisions/045-events.md): each
-- old action by its new name, its actor a user named as they are now (the old log kept no
-- name; an actor it had lost stays without one), its target named from its row when that row
-- is still there, its details as the event's data (a setting's value as its `after`).
INSERT INTO "events" ("id", "organization_id", "action", "actor_type", "actor_id", "actor_name", "targets", "data", "occurred_at")
SELECT a."id", a."organization_id", m.action, 'user', a."actor_user_id", coalesce(actor."display_name", ''),
	CASE WHEN m.target_type IS NULL OR a."target_id" IS NULL THEN '[]'::jsonb
		ELSE jsonb_build_array(jsonb_build_object('type', m.target_type, 'id', a."target_id", 'name', coalesce(CASE m.target_type
			WHEN 'access_key' THEN (SELECT k."name" FROM "integrations" k WHERE k."id"::text = a."target_id")
			WHEN 'organization' THEN (SELECT o."name" FROM "organizations" o WHERE o."id"::text = a."target_id")
			WHEN 'user' THEN (SELECT u."display_name" FROM "users" u WHERE u."id"::text = a."target_id")
			WHEN 'scim_token' THEN (SELECT t."prefix" || '…' || t."last4" FROM "scim_tokens" t WHERE t."id"::text = a."target_id")
			WHEN 'user_import' THEN (SELECT i."filename" FROM "user_imports" i WHERE i."id"::text = a."target_id")
			WHEN 'workflow_import' THEN (SELECT w."name" FROM "workflow_imports" wi JOIN "workspaces" w ON w."id" = wi."target_workspace_id" WHERE wi."id"::text = a."target_id")
		END, '')))
	END,
	CASE a."action"
		WHEN 'organization.setting' THEN jsonb_build_object('key', a."details"->'key', 'after', a."details"->'value')
		WHEN 'scim.config' THEN jsonb_build_object('after', a."details")
		ELSE coalesce(a."details", '{}'::jsonb)
	END,
	a."created_at"
FROM "audit_log" a
JOIN (VALUES
	('integration.create', 'access_key.created', 'access_key'),
	('integration.update', 'access_key.updated', 'access_key'),
	('integration.delete', 'access_key.deleted', 'access_key'),
	('integration.roll', 'access_key.rolled', 'access_key'),
	('organization.create', 'organization.created', 'organization'),
	('organization.update', 'organization.updated', 'organization'),
	('organization.disable', 'organization.disabled', 'organization'),
	('organization.client_key', 'organization.client_key.set', 'organization'),
	('organization.setting', 'organization.setting.changed', 'organization'),
	('organization.manager.add', 'organization.manager.added', 'user'),
	('organization.manager.invitation', 'organization.manager.invitation_sent', 'user'),
	('workflow_import.schedule', 'workflow_import.scheduled', 'workflow_import'),
	('scim_token.create', 'scim.token.created', 'scim_token'),
	('scim_token.roll', 'scim.token.rolled', 'scim_token'),
	('scim_token.revoke', 'scim.token.revoked', 'scim_token'),
	('scim.config', 'scim.settings.changed', 'organization'),
	('scim.manages_admins', 'scim.manages_admins.changed', 'organization'),
	('user_import.foreign_emails', 'user_import.foreign_emails_found', 'user_import'),
	('user.foreign_email', 'user.foreign_email_refused', NULL)
) AS m(old, action, target_type) ON m.old = a."action"
LEFT JOIN "users" actor ON actor."id" = a."actor_user_id";
--> statement-breakpoint
DROP TABLE "audit_log" CASCADE;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_org_occurred_idx" ON "events" USING btree ("organization_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "events_org_action_occurred_idx" ON "events" USING btree ("organization_id","action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "events_org_actor_occurred_idx" ON "events" USING btree ("organization_id","actor_id","occurred_at","id");
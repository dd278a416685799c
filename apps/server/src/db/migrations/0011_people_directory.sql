-- The People screen (docs/product.md, "People"; apps/server/src/modules/users/people.repository.ts):
-- an organization's users by name without case in byte order ("C"), then id, carrying the names,
-- source and status's columns a search's walk tests; and the start of a given name, family name or
-- e-mail with the display name, id and source, so that a search's candidates are read from an index.
CREATE INDEX "users_org_people_idx" ON "users" USING btree ("organization_id",(lower("display_name") COLLATE "C"),"id","display_name","given_name","family_name","source","disabled_at","scim_deleted_at","invited_at","last_login_at");--> statement-breakpoint
CREATE INDEX "users_org_given_name_idx" ON "users" USING btree ("organization_id",(lower("given_name") COLLATE "C"),"given_name","display_name","id","source");--> statement-breakpoint
CREATE INDEX "users_org_family_name_idx" ON "users" USING btree ("organization_id",(lower("family_name") COLLATE "C"),"family_name","display_name","id","source");--> statement-breakpoint
CREATE INDEX "users_org_email_idx" ON "users" USING btree ("organization_id",(lower("email"::text) COLLATE "C"),"email","display_name","id","source");
-- The folded names and e-mail kept in the row (generated columns of search_fold): a search
-- then compares stored keys instead of folding every row it tests, and a row is folded once
-- when written instead of once per index. The old indexes go first, so that the rewrite of
-- the table that the new columns cause maintains none of them; users_org_idx goes for good
-- (users_org_people_idx and the others start with the organization).
DROP INDEX "users_org_idx";--> statement-breakpoint
DROP INDEX "users_org_people_idx";--> statement-breakpoint
DROP INDEX "users_org_given_name_idx";--> statement-breakpoint
DROP INDEX "users_org_family_name_idx";--> statement-breakpoint
DROP INDEX "users_org_email_idx";--> statement-breakpoint
DROP INDEX "users_email_key_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (search_fold(display_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_key" text GENERATED ALWAYS AS (search_fold(given_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_key" text GENERATED ALWAYS AS (search_fold(family_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (search_fold(email::text)) STORED;--> statement-breakpoint
CREATE INDEX "users_org_people_idx" ON "users" USING btree ("organization_id",("name_key" COLLATE "C"),"id","display_name","given_key","family_key","source","disabled_at","scim_deleted_at","invited_at","last_login_at","password_set_at");--> statement-breakpoint
CREATE INDEX "users_org_given_name_idx" ON "users" USING btree ("organization_id",("given_key" COLLATE "C"),"name_key","id","source");--> statement-breakpoint
CREATE INDEX "users_org_family_name_idx" ON "users" USING btree ("organization_id",("family_key" COLLATE "C"),"name_key","id","source");--> statement-breakpoint
CREATE INDEX "users_org_email_idx" ON "users" USING btree ("organization_id",("email_key" COLLATE "C"),"name_key","id","source");--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree (("email_key" COLLATE "C"),(lower("email"::text) COLLATE "C"));--> statement-breakpoint
-- The new columns' statistics, which the searches' plans read (the rewrite leaves none).
ANALYZE "users";
-- Where a person stands on the People screen (decision 068): when they last chose a password
-- (an invitation's, a reset's), so that someone who activated an account of the platform's app,
-- and never signs in here, is no longer "invited"; carried by the list's index, which a status
-- filter reads alone. Existing passwords count from the invitation or reset that set them, else
-- from the user's creation. And whether an import's invitation of a person is still queued.
DROP INDEX "users_org_people_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "password_set_at" = coalesce(
  (SELECT max(t."used_at") FROM "user_tokens" t
   WHERE t."user_id" = u."id" AND t."kind" IN ('invitation', 'password_reset') AND t."used_at" IS NOT NULL AND t."replaced_at" IS NULL),
  u."created_at")
WHERE u."password_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "user_import_invitations_user_idx" ON "user_import_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_org_people_idx" ON "users" USING btree ("organization_id",(search_fold("display_name") COLLATE "C"),"id","display_name","given_name","family_name","source","disabled_at","scim_deleted_at","invited_at","last_login_at","password_set_at");

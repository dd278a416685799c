-- SCIM tokens get a name ("Okta production"), required from now on. A token made before is
-- named by what the Provisioning screen and the audit trail already called it: its prefix and
-- last four characters ("wfs_Ab1x…9919"). That name is in no language (a stored "SCIM token"
-- would read as English on a French screen), the trail's past events keep naming the token as
-- the list does, and the column can be NOT NULL, so no reader needs a second rule for a token
-- without a name. The admin can rename it.
ALTER TABLE "scim_tokens" ADD COLUMN "name" text;--> statement-breakpoint
UPDATE "scim_tokens" SET "name" = "prefix" || '…' || "last4";--> statement-breakpoint
ALTER TABLE "scim_tokens" ALTER COLUMN "name" SET NOT NULL;

-- A user profile that keeps what identity providers send (docs/decisions/042-users-profile-and-owner.md):
-- given and family name for every user, the login userName apart from the sign-in address, a work e-mail,
-- title, phone, the enterprise extension's fields and manager, the rest of SCIM's attributes as sent,
-- who made the user; and whether the identity provider may change Organizational Admins.
ALTER TABLE "scim_configs" ADD COLUMN "manages_admins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "formatted_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_name" "citext";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_email" "citext";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cost_center" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "division" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organization_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "manager_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_attributes" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "source" text DEFAULT 'console' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_user_name_uq" ON "users" USING btree ("organization_id","user_name") WHERE "users"."user_name" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_manager_idx" ON "users" USING btree ("manager_id") WHERE "users"."manager_id" IS NOT NULL;
--> statement-breakpoint
-- The first word of a name, and the rest (or the same word when there is no rest).
CREATE FUNCTION name_parts(full_name text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN btrim(full_name) = '' OR full_name IS NULL THEN ARRAY[NULL, NULL]::text[]
    ELSE ARRAY[
      split_part(regexp_replace(btrim(full_name), '\s+', ' ', 'g'), ' ', 1),
      coalesce(nullif(btrim(substr(regexp_replace(btrim(full_name), '\s+', ' ', 'g'),
        length(split_part(regexp_replace(btrim(full_name), '\s+', ' ', 'g'), ' ', 1)) + 1)), ''),
        split_part(regexp_replace(btrim(full_name), '\s+', ' ', 'g'), ' ', 1))
    ] END
$$;
--> statement-breakpoint
-- A user made without given and family name gets them from the display name; one renamed
-- whose names were taken from the old display name gets them from the new one. Names an
-- identity provider sent stay as sent.
CREATE FUNCTION users_name_parts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE parts text[];
BEGIN
  IF NEW.given_name IS NULL AND NEW.family_name IS NULL THEN
    parts := name_parts(NEW.display_name);
  ELSIF TG_OP = 'UPDATE' AND NEW.display_name IS DISTINCT FROM OLD.display_name
        AND NEW.given_name IS NOT DISTINCT FROM OLD.given_name AND NEW.family_name IS NOT DISTINCT FROM OLD.family_name
        AND ARRAY[OLD.given_name, OLD.family_name] = name_parts(OLD.display_name) THEN
    parts := name_parts(NEW.display_name);
  ELSE
    RETURN NEW;
  END IF;
  NEW.given_name := parts[1];
  NEW.family_name := parts[2];
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_name_parts BEFORE INSERT OR UPDATE OF display_name, given_name, family_name ON users
  FOR EACH ROW EXECUTE FUNCTION users_name_parts();
--> statement-breakpoint
UPDATE users SET given_name = (name_parts(display_name))[1], family_name = (name_parts(display_name))[2]
  WHERE given_name IS NULL AND family_name IS NULL;
--> statement-breakpoint
UPDATE users SET source = 'scim'
  WHERE scim_external_id IS NOT NULL OR scim_deleted_at IS NOT NULL OR updated_at IS NOT NULL
     OR id IN (SELECT resource_id FROM scim_events WHERE kind = 'created' AND resource_type = 'User' AND resource_id IS NOT NULL);

-- A user's given and family names are derived from the display name by the trigger only when
-- the writer did not give them (decision 006, "Amended"): a WHEN condition, which PostgreSQL
-- tests without calling the function, instead of a PL/pgSQL call for every row. An import
-- derives the names of its new users in its own statement (name_parts, the same function),
-- so a million-row import no longer calls the trigger a million times. One trigger per
-- operation, since a condition that reads OLD cannot be an INSERT trigger's; the function and
-- its rule are unchanged.
DROP TRIGGER users_name_parts ON users;--> statement-breakpoint
CREATE TRIGGER users_name_parts BEFORE INSERT ON users
  FOR EACH ROW WHEN (NEW.given_name IS NULL AND NEW.family_name IS NULL)
  EXECUTE FUNCTION users_name_parts();--> statement-breakpoint
CREATE TRIGGER users_name_parts_update BEFORE UPDATE OF display_name, given_name, family_name ON users
  FOR EACH ROW WHEN (NEW.given_name IS NULL AND NEW.family_name IS NULL OR NEW.display_name IS DISTINCT FROM OLD.display_name)
  EXECUTE FUNCTION users_name_parts();
-- users_created_by_idx and users_invited_by_idx, gone from the schema, are dropped after the
-- migrations, each by DROP INDEX CONCURRENTLY outside their transaction (db/concurrent-indexes.ts):
-- a plain DROP INDEX here would hold every read of users until the whole migration commits.

-- Every search of a name compares texts folded by one function (decision 067): lower case,
-- the marks of accented letters taken away (NFKD, then U+0300-U+036F), and the Latin letters
-- that do not decompose spelt in plain ones (ø o, đ ð d, ł l, ħ h, ı i, ŧ t, ß ss, æ ae,
-- œ oe, þ th). Built only on functions PGlite and PostgreSQL both have, none of them depending
-- on the database's locale or on an extension's rules file, so a folded key is the same on
-- both and after an upgrade: IMMUTABLE is true of it, as an index needs. Upper-case letters
-- are folded after the marks are gone and by the map itself, so a database whose ctype is C
-- (where lower() changes only ASCII) folds "MÜLLER" as well. A text of ASCII alone (most
-- names, e-mails, file names) is only lower-cased: the rest costs some microseconds a value.
-- Not STRICT, so that the planner inlines it into the expressions it is part of.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length(value) = length(value) THEN lower(value) ELSE
    replace(replace(replace(replace(
      translate(lower(regexp_replace(normalize(value, NFKD), '[\u0300-\u036f]', '', 'g')),
        'øØđĐðÐłŁħĦıŧŦẞÆŒÞ', 'ooddddllhhittßæœþ'),
      'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th') END
$$;--> statement-breakpoint
-- The indexes of the searches on folded keys (the People list's own is built once, by the next
-- migration, with the column it adds). The migrator applies the pending migrations in
-- one transaction, where CREATE INDEX CONCURRENTLY is refused: each index is built by a plain
-- CREATE INDEX, which lets reads go on and holds writes to its table while it builds (decision
-- 067, "Consequences"). Expression indexes: no row is rewritten, no column back-filled. The
-- new ones are built beside the old, which the searches of a replica not yet upgraded keep
-- reading; the old are dropped only at the end, since a DROP INDEX holds its table's reads
-- too until the transaction commits, and the new take their names.
CREATE INDEX IF NOT EXISTS "events_target_names_trgm_idx_folded" ON "events" USING gin (search_fold("target_names") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_trgm_idx_folded" ON "organizations" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_org_given_name_idx_folded" ON "users" USING btree ("organization_id",(search_fold("given_name") COLLATE "C"),"given_name","display_name","id","source");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_org_family_name_idx_folded" ON "users" USING btree ("organization_id",(search_fold("family_name") COLLATE "C"),"family_name","display_name","id","source");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_org_email_idx_folded" ON "users" USING btree ("organization_id",(search_fold("email"::text) COLLATE "C"),"email","display_name","id","source");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_key_idx_folded" ON "users" USING btree ((search_fold("email"::text) COLLATE "C"),(lower("email"::text) COLLATE "C"));--> statement-breakpoint
-- The trail's search estimates a word against the folded names' statistics now (decision 056):
-- the same 1,000 entries the column had (migration 0020), kept by the index's expression.
ALTER INDEX "events_target_names_trgm_idx_folded" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
-- The expressions' statistics now (an ANALYZE with a column list skips index expressions).
ANALYZE "events";--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "organizations";--> statement-breakpoint
DROP INDEX "events_target_names_trgm_idx";--> statement-breakpoint
DROP INDEX "organizations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_org_given_name_idx";--> statement-breakpoint
DROP INDEX "users_org_family_name_idx";--> statement-breakpoint
DROP INDEX "users_org_email_idx";--> statement-breakpoint
DROP INDEX "users_email_key_idx";--> statement-breakpoint
ALTER INDEX "events_target_names_trgm_idx_folded" RENAME TO "events_target_names_trgm_idx";--> statement-breakpoint
ALTER INDEX "organizations_name_trgm_idx_folded" RENAME TO "organizations_name_trgm_idx";--> statement-breakpoint
ALTER INDEX "users_org_given_name_idx_folded" RENAME TO "users_org_given_name_idx";--> statement-breakpoint
ALTER INDEX "users_org_family_name_idx_folded" RENAME TO "users_org_family_name_idx";--> statement-breakpoint
ALTER INDEX "users_org_email_idx_folded" RENAME TO "users_org_email_idx";--> statement-breakpoint
ALTER INDEX "users_email_key_idx_folded" RENAME TO "users_email_key_idx";

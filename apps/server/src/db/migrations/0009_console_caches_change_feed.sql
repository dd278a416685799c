-- The change feed (0004, docs/decisions/039-console-caches.md) also covers what the console's
-- own caches read: the session behind a cookie, and the imports list.
--
-- sessions, as its organization: a session revoked or deleted. Not an insert (a session not
-- yet read is not cached) and not the activity stamp of an open session, which a signed-in
-- person's requests write once a minute and which no cache needs to forget.
CREATE TRIGGER "sessions_changes_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify('u.organization_id', 'JOIN users u ON u.id = r.user_id WHERE r.revoked_at IS NOT NULL');
--> statement-breakpoint
CREATE TRIGGER "sessions_changes_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify('u.organization_id', 'JOIN users u ON u.id = r.user_id');
--> statement-breakpoint
-- user_imports and their invitations, as 'user_imports' (every organization's: an imports
-- list is cheap to read again, and a process that writes an import need not know whose it
-- is to forget the lists). An import's progress and its invitations sent (several a second)
-- forget the imports lists, not the sessions, keys or workflow pages of its organization.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['user_imports', 'user_import_invitations'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify(%L, %L)',
			t || '_changes_insert', t, '''user_imports''', '');
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify(%L, %L)',
			t || '_changes_update', t, '''user_imports''', '');
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify(%L, %L)',
			t || '_changes_delete', t, '''user_imports''', '');
	END LOOP;
END $$;

-- The change feed of the external API's caches (docs/decisions/009-external-api-caching.md):
-- every statement that changes a table the caches read from sends the organization ids of
-- the rows it changed on the channel `console_changes`; every server process LISTENs and
-- drops what it cached for those organizations. Statement-level triggers with transition
-- tables: a bulk insert (user imports) sends one notification per organization, not per row.
CREATE FUNCTION "console_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	source text;
	org text;
BEGIN
	-- TG_ARGV[0]: the organization id of a changed row `r`; TG_ARGV[1]: a join that reaches it.
	FOREACH source IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY['new_rows'] WHEN 'DELETE' THEN ARRAY['old_rows'] ELSE ARRAY['old_rows', 'new_rows'] END) LOOP
		FOR org IN EXECUTE format('SELECT DISTINCT (%s)::text FROM %I r %s', TG_ARGV[0], source, TG_ARGV[1]) LOOP
			PERFORM pg_notify('console_changes', coalesce(org, '*'));
		END LOOP;
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Three triggers per table (transition tables allow one event each): <table>_changes_insert,
-- _update and _delete, with the table's way to the organization id.
DO $$
DECLARE
	t record;
BEGIN
	FOR t IN SELECT * FROM (VALUES
		('organizations', 'r.id', NULL),
		('organization_settings', 'r.organization_id', NULL),
		('users', 'r.organization_id', NULL),
		('integrations', 'r.organization_id', NULL),
		('workspaces', 'r.organization_id', NULL),
		('workflows', 'r.organization_id', NULL),
		('user_workspaces', 'w.organization_id', 'JOIN workspaces w ON w.id = r.workspace_id')
	) AS v(tbl, org, via) LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify(%L, %L)',
			t.tbl || '_changes_insert', t.tbl, t.org, coalesce(t.via, ''));
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify(%L, %L)',
			t.tbl || '_changes_update', t.tbl, t.org, coalesce(t.via, ''));
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION console_changes_notify(%L, %L)',
			t.tbl || '_changes_delete', t.tbl, t.org, coalesce(t.via, ''));
	END LOOP;
END $$;

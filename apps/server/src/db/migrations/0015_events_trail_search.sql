-- The targets' names of an event as the trail's search reads them: lower-cased, one a line
-- (docs/decisions/052-audit-trail-and-events-api.md). IMMUTABLE: it only reads its argument.
CREATE OR REPLACE FUNCTION event_target_names(targets jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(lower(string_agg(t->>'name', E'\n')), '') FROM jsonb_array_elements(targets) t
$$;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "target_names" text GENERATED ALWAYS AS (event_target_names(targets)) STORED;--> statement-breakpoint
CREATE INDEX "events_targets_idx" ON "events" USING gin ("targets" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "events_target_names_trgm_idx" ON "events" USING gin ("target_names" gin_trgm_ops);
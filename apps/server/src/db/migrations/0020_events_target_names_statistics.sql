-- How the planner estimates a word of the trail's search (decision 056): `LIKE '%word%'` on
-- target_names is the share of the column's sampled histogram entries that match, never below
-- 0.01%. With the default 100 entries a word in 0.7% of the events often matches none, is
-- taken for rare, and every event naming it is read through the trigram index and sorted.
-- 1,000 entries tell such a word (walk the time order: a page within some thousand events)
-- from a rare one (the trigram index).
ALTER TABLE "events" ALTER COLUMN "target_names" SET STATISTICS 1000;
--> statement-breakpoint
-- The new histogram now, not when autovacuum next analyzes (after a tenth of the table changed).
ANALYZE "events" ("target_names");

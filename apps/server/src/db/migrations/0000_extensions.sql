-- drizzle-kit writes no CREATE EXTENSION: the schema needs case-insensitive text and trigram indexes.
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;

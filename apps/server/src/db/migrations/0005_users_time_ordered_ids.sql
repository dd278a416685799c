-- Time-ordered user ids (UUID version 7: 48-bit Unix time in milliseconds, version, random bits),
-- written by hand: drizzle-kit writes no functions, and PostgreSQL 15/17 have no uuidv7() yet.
-- New users' ids then sort by creation, so their rows are appended to the primary key and to
-- every index that starts with user_id, instead of landing on a random page of each.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "id" SET DEFAULT uuid_v7();

-- Each idToken opens one browser session: the session keeps the token's jti (a leaked idToken must not open sessions again and again).
ALTER TABLE "sessions" ADD COLUMN "id_token_jti" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_token_jti_unique" UNIQUE("id_token_jti");
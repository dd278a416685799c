-- An import whose separator is detected from the file has none until staging reads it (decision 066).
ALTER TABLE "user_imports" ALTER COLUMN "column_separator" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_imports" ALTER COLUMN "column_separator" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "column_separator_detected" boolean DEFAULT false NOT NULL;
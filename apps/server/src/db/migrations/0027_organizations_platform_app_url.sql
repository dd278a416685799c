-- The platform's app of an organization's people who do not use the console, set by staff;
-- null keeps PLATFORM_APP_URL (decision 049).
ALTER TABLE "organizations" ADD COLUMN "platform_app_url" text;
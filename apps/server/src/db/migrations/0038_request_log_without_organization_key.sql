-- The request log keeps no foreign key to organizations: checked at every row written (a row
-- per external API call), it cost as much as the row itself on the embedded database. The
-- console never deletes an organization, and the log's retention removes any row within 30 days.
ALTER TABLE "request_log" DROP CONSTRAINT "request_log_organization_id_organizations_id_fk";

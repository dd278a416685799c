-- Until decision 059 the provider's staff acted in customers' organizations as persons
-- ('user'): their events there become 'staff', which the organization reads as the
-- provider's staff. Only the type changes: who, from where and with what stay for the provider.
UPDATE "events" SET "actor_type" = 'staff'
WHERE "actor_type" = 'user'
  AND "actor_id" IN (SELECT u."id" FROM "users" u JOIN "organizations" o ON o."id" = u."organization_id" WHERE o."is_staff")
  AND "organization_id" NOT IN (SELECT "id" FROM "organizations" WHERE "is_staff");

-- A booking's guest is the tenant's earliest lead with the guest's email, letter case aside
-- (src/bookings/booking.service.ts). Through this index, in its order, that lead is one probe;
-- as ILIKE the trigram index took about a millisecond (every guest address shares its domain's
-- trigrams) and the planner preferred a scan of the tenant's leads. Prisma's schema cannot state
-- an expression index, so it lives here only. It replaces the plain ("tenantId", email) index,
-- which served that lookup before it became case-insensitive and nothing since.
DROP INDEX "Lead_tenantId_email_idx";
CREATE INDEX "Lead_tenantId_lower_email_idx" ON "Lead" ("tenantId", lower(email), "createdAt", id);

-- A booking through a publishable key counts the confirmations its guest's address was sent in
-- the last hour (src/bookings/booking.service.ts, `mayMailPublicGuest`), letter case aside: with
-- this index that is a probe of the address's own messages, where ("tenantId", "createdAt")
-- scanned every message the tenant queued that hour. Prisma's schema cannot state an expression
-- index, so it lives here only; it replaces that index, which nothing else reads.
DROP INDEX "OutboxMessage_tenantId_createdAt_idx";
CREATE INDEX "OutboxMessage_tenantId_lower_recipient_createdAt_idx" ON "OutboxMessage" ("tenantId", lower(recipient), "createdAt");

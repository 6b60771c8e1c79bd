-- Fair webhook delivery (src/events/webhook-worker.ts). The claim walks the endpoints and takes,
-- from each, its oldest due pending deliveries up to what it may still have in flight, counted
-- from its leased deliveries across every process. Both lookups read partial indexes, which
-- Prisma's schema cannot state (so they live here only, as the expression indexes of earlier
-- migrations do): they hold pending and leased rows only, not the delivered history.
-- They replace ("status", "nextAttemptAt"), which only the old oldest-first claim read.

-- DropIndex
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

-- AlterTable: the circuit breaker's hold.
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "heldUntil" TIMESTAMPTZ(3);

-- An endpoint's pending deliveries, oldest due first.
CREATE INDEX "WebhookDelivery_pending_endpointId_nextAttemptAt_id_idx" ON "WebhookDelivery" ("endpointId", "nextAttemptAt", "id") WHERE status = 'pending';

-- An endpoint's deliveries in flight (leased), to count them.
CREATE INDEX "WebhookDelivery_leased_endpointId_leaseUntil_idx" ON "WebhookDelivery" ("endpointId", "leaseUntil") WHERE "leaseToken" IS NOT NULL;

-- DropIndex
DROP INDEX "WebhookEndpoint_tenantId_createdAt_idx";

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_tenantId_createdAt_id_idx" ON "WebhookEndpoint"("tenantId", "createdAt", "id");

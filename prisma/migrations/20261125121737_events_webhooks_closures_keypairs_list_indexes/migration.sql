-- DropIndex
DROP INDEX "ApiKeyPair_tenantId_createdAt_idx";

-- DropIndex
DROP INDEX "ResourceClosure_tenantId_resourceId_startsAt_idx";

-- DropIndex
DROP INDEX "WebhookEndpoint_tenantId_createdAt_idx";

-- CreateIndex
CREATE INDEX "ApiKeyPair_tenantId_createdAt_id_idx" ON "ApiKeyPair"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ApiKeyPair_tenantId_name_id_idx" ON "ApiKeyPair"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "ResourceClosure_tenantId_resourceId_startsAt_id_idx" ON "ResourceClosure"("tenantId", "resourceId", "startsAt", "id");

-- CreateIndex
CREATE INDEX "ResourceClosure_tenantId_resourceId_endsAt_id_idx" ON "ResourceClosure"("tenantId", "resourceId", "endsAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_tenantId_createdAt_id_idx" ON "WebhookEndpoint"("tenantId", "createdAt", "id");

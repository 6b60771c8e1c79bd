-- CreateIndex
CREATE INDEX "Lead_tenantId_source_createdAt_id_idx" ON "Lead"("tenantId", "source", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Lead_tenantId_updatedAt_id_idx" ON "Lead"("tenantId", "updatedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Lead_tenantId_lastName_id_idx" ON "Lead"("tenantId", "lastName", "id");

-- CreateIndex
CREATE INDEX "Lead_tenantId_firstName_id_idx" ON "Lead"("tenantId", "firstName", "id");

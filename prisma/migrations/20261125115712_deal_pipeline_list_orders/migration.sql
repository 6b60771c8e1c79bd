-- DropIndex
DROP INDEX "Pipeline_tenantId_name_idx";

-- CreateIndex
CREATE INDEX "Deal_tenantId_updatedAt_id_idx" ON "Deal"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Deal_tenantId_name_id_idx" ON "Deal"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "Pipeline_tenantId_name_id_idx" ON "Pipeline"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "Pipeline_tenantId_createdAt_id_idx" ON "Pipeline"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "PipelineStage_tenantId_position_id_idx" ON "PipelineStage"("tenantId", "position", "id");

-- CreateIndex
CREATE INDEX "PipelineStage_tenantId_name_id_idx" ON "PipelineStage"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "PipelineStage_tenantId_createdAt_id_idx" ON "PipelineStage"("tenantId", "createdAt", "id");

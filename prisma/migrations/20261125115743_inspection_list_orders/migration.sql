-- CreateIndex
CREATE INDEX "ChecklistTemplate_tenantId_createdAt_id_idx" ON "ChecklistTemplate"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ChecklistTemplate_tenantId_equipmentTypeId_idx" ON "ChecklistTemplate"("tenantId", "equipmentTypeId");

-- CreateIndex
CREATE INDEX "Equipment_tenantId_updatedAt_id_idx" ON "Equipment"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Equipment_tenantId_equipmentTypeId_idx" ON "Equipment"("tenantId", "equipmentTypeId");

-- CreateIndex
CREATE INDEX "EquipmentType_tenantId_createdAt_id_idx" ON "EquipmentType"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Inspection_tenantId_createdAt_id_idx" ON "Inspection"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Inspection_tenantId_updatedAt_id_idx" ON "Inspection"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "BookableResource_tenantId_name_id_idx" ON "BookableResource"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "BookableResource_tenantId_createdAt_id_idx" ON "BookableResource"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BookableResource_tenantId_updatedAt_id_idx" ON "BookableResource"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Booking_tenantId_createdAt_id_idx" ON "Booking"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Invoice_tenantId_totalAmount_id_idx" ON "Invoice"("tenantId", "totalAmount", "id");

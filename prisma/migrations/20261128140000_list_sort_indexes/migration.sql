-- The sorts of the deal, invoice and lead lists (issue 45), each a keyset range of one tenant.

-- DropIndex
DROP INDEX "Invoice_tenantId_issuedDate_idx";

-- CreateIndex
CREATE INDEX "Lead_tenantId_status_id_idx" ON "Lead"("tenantId", "status", "id");

-- CreateIndex
CREATE INDEX "Deal_tenantId_value_id_idx" ON "Deal"("tenantId", "value", "id");

-- CreateIndex
CREATE INDEX "Deal_tenantId_expectedCloseDate_id_idx" ON "Deal"("tenantId", "expectedCloseDate", "id");

-- CreateIndex
CREATE INDEX "Deal_tenantId_actualCloseDate_id_idx" ON "Deal"("tenantId", "actualCloseDate", "id");

-- CreateIndex
CREATE INDEX "Deal_tenantId_probability_id_idx" ON "Deal"("tenantId", "probability", "id");

-- CreateIndex
CREATE INDEX "Deal_tenantId_status_value_idx" ON "Deal"("tenantId", "status", "value");

-- CreateIndex
CREATE INDEX "Invoice_tenantId_issuedDate_id_idx" ON "Invoice"("tenantId", "issuedDate", "id");

-- CreateIndex
CREATE INDEX "Invoice_tenantId_dueDate_id_idx" ON "Invoice"("tenantId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Invoice_tenantId_balanceDue_id_idx" ON "Invoice"("tenantId", "balanceDue", "id");

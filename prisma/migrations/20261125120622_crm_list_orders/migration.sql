-- CreateIndex
CREATE INDEX "Company_tenantId_createdAt_id_idx" ON "Company"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Company_tenantId_updatedAt_id_idx" ON "Company"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Contact_tenantId_lastName_id_idx" ON "Contact"("tenantId", "lastName", "id");

-- CreateIndex
CREATE INDEX "Contact_tenantId_firstName_id_idx" ON "Contact"("tenantId", "firstName", "id");

-- CreateIndex
CREATE INDEX "Contact_tenantId_createdAt_id_idx" ON "Contact"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Contact_tenantId_updatedAt_id_idx" ON "Contact"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Site_tenantId_createdAt_id_idx" ON "Site"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Site_tenantId_updatedAt_id_idx" ON "Site"("tenantId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "User_tenantId_role_name_id_idx" ON "User"("tenantId", "role", "name", "id");

-- CreateIndex
CREATE INDEX "User_tenantId_createdAt_id_idx" ON "User"("tenantId", "createdAt", "id");

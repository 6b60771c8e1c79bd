-- Trigram indexes serve every list's `search` (ILIKE '%word%'), one for each column a search reads (src/shared/search.ts).

-- CreateIndex
CREATE INDEX "ApiKeyPair_name_trgm_idx" ON "ApiKeyPair" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "BookableResource_name_trgm_idx" ON "BookableResource" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ChecklistTemplate_name_trgm_idx" ON "ChecklistTemplate" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Company_name_trgm_idx" ON "Company" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Company_email_trgm_idx" ON "Company" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Contact_firstName_trgm_idx" ON "Contact" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Contact_lastName_trgm_idx" ON "Contact" USING GIN ("lastName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Contact_email_trgm_idx" ON "Contact" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Deal_name_trgm_idx" ON "Deal" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Deal_notes_trgm_idx" ON "Deal" USING GIN ("notes" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Equipment_serialNumber_trgm_idx" ON "Equipment" USING GIN ("serialNumber" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Equipment_manufacturer_trgm_idx" ON "Equipment" USING GIN ("manufacturer" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Equipment_model_trgm_idx" ON "Equipment" USING GIN ("model" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Equipment_locationLabel_trgm_idx" ON "Equipment" USING GIN ("locationLabel" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "EquipmentType_name_trgm_idx" ON "EquipmentType" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "EquipmentType_category_trgm_idx" ON "EquipmentType" USING GIN ("category" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Invoice_invoiceNumber_trgm_idx" ON "Invoice" USING GIN ("invoiceNumber" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_firstName_trgm_idx" ON "Lead" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_lastName_trgm_idx" ON "Lead" USING GIN ("lastName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_email_trgm_idx" ON "Lead" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Lead_companyName_trgm_idx" ON "Lead" USING GIN ("companyName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Pipeline_name_trgm_idx" ON "Pipeline" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "PipelineStage_name_trgm_idx" ON "PipelineStage" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Site_name_trgm_idx" ON "Site" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Site_address_trgm_idx" ON "Site" USING GIN ("address" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Site_city_trgm_idx" ON "Site" USING GIN ("city" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_name_trgm_idx" ON "User" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);

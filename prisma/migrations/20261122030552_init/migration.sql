-- CreateEnum
CREATE TYPE "TenantModule" AS ENUM ('inspections');

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('system_admin', 'manager', 'field_coordinator', 'technician', 'sales');

-- CreateEnum
CREATE TYPE "ApiKeyKind" AS ENUM ('publishable', 'secret');

-- CreateEnum
CREATE TYPE "CustomFieldEntity" AS ENUM ('lead', 'contact', 'company', 'deal', 'invoice');

-- CreateEnum
CREATE TYPE "CustomFieldType" AS ENUM ('text', 'number', 'boolean', 'date', 'select');

-- CreateEnum
CREATE TYPE "LeadStatus" AS ENUM ('new', 'contacted', 'qualifying', 'qualified', 'converted', 'disqualified', 'lost');

-- CreateEnum
CREATE TYPE "LeadSource" AS ENUM ('web_form', 'referral', 'agent_chat', 'inbound_call', 'mcp', 'import');

-- CreateEnum
CREATE TYPE "DealStatus" AS ENUM ('open', 'won', 'lost');

-- CreateEnum
CREATE TYPE "DealActivityType" AS ENUM ('call', 'email', 'meeting', 'note', 'task', 'stage_change');

-- CreateEnum
CREATE TYPE "ResourceType" AS ENUM ('location', 'service', 'room', 'equipment', 'person');

-- CreateEnum
CREATE TYPE "BookingStatus" AS ENUM ('confirmed', 'cancelled', 'no_show', 'completed');

-- CreateEnum
CREATE TYPE "InspectionStatus" AS ENUM ('draft', 'submitted', 'in_review', 'approved', 'delivered', 'rejected');

-- CreateEnum
CREATE TYPE "InspectionResult" AS ENUM ('pass', 'fail', 'conditional');

-- CreateEnum
CREATE TYPE "TeamRole" AS ENUM ('lead', 'member');

-- CreateEnum
CREATE TYPE "FindingSeverity" AS ENUM ('imminent', 'serious', 'minor');

-- CreateEnum
CREATE TYPE "QuoteStatus" AS ENUM ('unquoted', 'quoted', 'accepted', 'declined', 'completed');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('draft', 'sent', 'viewed', 'partially_paid', 'paid', 'overdue', 'voided');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('check', 'ach', 'credit_card', 'cash', 'other');

-- CreateTable
CREATE TABLE "Tenant" (
    "id" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "modules" "TenantModule"[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "role" "UserRole" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKeyPair" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiKeyPair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "pairId" UUID NOT NULL,
    "kind" "ApiKeyKind" NOT NULL,
    "keyHash" CHAR(64) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldDefinition" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entity" "CustomFieldEntity" NOT NULL,
    "key" VARCHAR(100) NOT NULL,
    "type" "CustomFieldType" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "options" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomFieldDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Company" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "phone" VARCHAR(50),
    "email" VARCHAR(320),
    "address" VARCHAR(500),
    "city" VARCHAR(100),
    "state" VARCHAR(100),
    "postalCode" VARCHAR(20),
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Site" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "address" VARCHAR(500),
    "city" VARCHAR(100),
    "state" VARCHAR(100),
    "postalCode" VARCHAR(20),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "firstName" VARCHAR(100) NOT NULL,
    "lastName" VARCHAR(100) NOT NULL,
    "email" VARCHAR(320),
    "phone" VARCHAR(50),
    "role" VARCHAR(100),
    "isPrimary" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lead" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "firstName" VARCHAR(255) NOT NULL,
    "lastName" VARCHAR(255) NOT NULL,
    "email" VARCHAR(320),
    "phone" VARCHAR(50),
    "companyName" VARCHAR(255),
    "status" "LeadStatus" NOT NULL DEFAULT 'new',
    "source" "LeadSource" NOT NULL DEFAULT 'web_form',
    "channelType" VARCHAR(255),
    "intent" TEXT,
    "notes" TEXT,
    "assignedTo" UUID,
    "sourceAttribution" JSONB,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Lead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pipeline" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pipeline_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PipelineStage" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "pipelineId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "color" VARCHAR(20),
    "probability" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "isClosedWon" BOOLEAN NOT NULL DEFAULT false,
    "isClosedLost" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PipelineStage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Deal" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "companyId" UUID NOT NULL,
    "stageId" UUID NOT NULL,
    "contactId" UUID,
    "siteId" UUID,
    "ownerId" UUID,
    "value" DECIMAL(14,2),
    "probability" INTEGER NOT NULL,
    "expectedCloseDate" DATE,
    "actualCloseDate" DATE,
    "status" "DealStatus" NOT NULL DEFAULT 'open',
    "lostReason" TEXT,
    "products" JSONB NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealActivity" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "dealId" UUID NOT NULL,
    "userId" UUID,
    "type" "DealActivityType" NOT NULL,
    "description" TEXT NOT NULL,
    "activityDate" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DealActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BookableResource" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "type" "ResourceType" NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "slug" VARCHAR(200) NOT NULL,
    "description" TEXT,
    "addressLine1" VARCHAR(500),
    "city" VARCHAR(100),
    "state" VARCHAR(100),
    "postalCode" VARCHAR(20),
    "timezone" VARCHAR(64) NOT NULL,
    "defaultDurationMinutes" INTEGER NOT NULL,
    "maxConcurrent" INTEGER NOT NULL DEFAULT 1,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BookableResource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatingHours" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "resourceId" UUID NOT NULL,
    "weekday" SMALLINT NOT NULL,
    "opensAt" SMALLINT NOT NULL,
    "closesAt" SMALLINT NOT NULL,

    CONSTRAINT "OperatingHours_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResourceClosure" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "resourceId" UUID NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "reason" TEXT,

    CONSTRAINT "ResourceClosure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Booking" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "resourceId" UUID NOT NULL,
    "leadId" UUID,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "status" "BookingStatus" NOT NULL DEFAULT 'confirmed',
    "firstName" VARCHAR(255) NOT NULL,
    "lastName" VARCHAR(255) NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "phone" VARCHAR(50),
    "notes" TEXT,
    "interest" TEXT,
    "source" VARCHAR(100) NOT NULL DEFAULT 'api',
    "cancelledAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Booking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EquipmentType" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "category" VARCHAR(100),
    "oshaStandard" VARCHAR(100),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EquipmentType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Equipment" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "siteId" UUID,
    "equipmentTypeId" UUID NOT NULL,
    "manufacturer" VARCHAR(200),
    "model" VARCHAR(200),
    "serialNumber" VARCHAR(200),
    "ratedCapacity" VARCHAR(100),
    "status" VARCHAR(50) NOT NULL DEFAULT 'active',
    "nameplatePhotoUrl" TEXT,
    "locationLabel" VARCHAR(200),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Equipment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChecklistTemplate" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "equipmentTypeId" UUID,
    "name" VARCHAR(200) NOT NULL,
    "sections" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChecklistTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Inspection" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "equipmentId" UUID NOT NULL,
    "siteId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "templateId" UUID NOT NULL,
    "technicianId" UUID NOT NULL,
    "status" "InspectionStatus" NOT NULL DEFAULT 'draft',
    "inspectionDate" DATE NOT NULL,
    "overallResult" "InspectionResult",
    "responses" JSONB NOT NULL DEFAULT '[]',
    "notes" TEXT,
    "customerSignatureUrl" TEXT,
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Inspection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InspectionTeamMember" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "inspectionId" UUID NOT NULL,
    "technicianId" UUID NOT NULL,
    "role" "TeamRole" NOT NULL,

    CONSTRAINT "InspectionTeamMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Finding" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "inspectionId" UUID NOT NULL,
    "severity" "FindingSeverity" NOT NULL,
    "description" TEXT NOT NULL,
    "recommendation" TEXT,
    "oshaReference" VARCHAR(100),
    "quoteStatus" "QuoteStatus" NOT NULL DEFAULT 'unquoted',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Finding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FindingPhoto" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "findingId" UUID NOT NULL,
    "photoUrl" TEXT NOT NULL,
    "caption" TEXT,
    "photoType" VARCHAR(50),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FindingPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "invoiceNumber" VARCHAR(50) NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'draft',
    "companyId" UUID NOT NULL,
    "contactId" UUID,
    "quoteId" UUID,
    "issuedDate" DATE,
    "dueDate" DATE,
    "subtotal" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "taxRate" DECIMAL(7,6) NOT NULL DEFAULT 0,
    "taxAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "totalAmount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "amountPaid" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "balanceDue" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "notes" TEXT,
    "customerNotes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "sentAt" TIMESTAMPTZ(3),
    "paidAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceLineItem" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "description" TEXT NOT NULL,
    "quantity" DECIMAL(14,4) NOT NULL,
    "unitPrice" DECIMAL(14,2) NOT NULL,
    "total" DECIMAL(14,2) NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "InvoiceLineItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "paymentDate" DATE NOT NULL,
    "paymentMethod" "PaymentMethod" NOT NULL,
    "referenceNumber" VARCHAR(100),
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "User_tenantId_name_id_idx" ON "User"("tenantId", "name", "id");

-- CreateIndex
CREATE UNIQUE INDEX "User_tenantId_email_key" ON "User"("tenantId", "email");

-- CreateIndex
CREATE INDEX "ApiKeyPair_tenantId_createdAt_idx" ON "ApiKeyPair"("tenantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_tenantId_pairId_idx" ON "ApiKey"("tenantId", "pairId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomFieldDefinition_tenantId_entity_key_key" ON "CustomFieldDefinition"("tenantId", "entity", "key");

-- CreateIndex
CREATE INDEX "Company_tenantId_name_id_idx" ON "Company"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "Site_tenantId_companyId_name_idx" ON "Site"("tenantId", "companyId", "name");

-- CreateIndex
CREATE INDEX "Site_tenantId_name_id_idx" ON "Site"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "Contact_tenantId_lastName_firstName_id_idx" ON "Contact"("tenantId", "lastName", "firstName", "id");

-- CreateIndex
CREATE INDEX "Contact_tenantId_companyId_lastName_firstName_id_idx" ON "Contact"("tenantId", "companyId", "lastName", "firstName", "id");

-- CreateIndex
CREATE INDEX "Lead_tenantId_createdAt_id_idx" ON "Lead"("tenantId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Lead_tenantId_status_createdAt_id_idx" ON "Lead"("tenantId", "status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Lead_tenantId_assignedTo_createdAt_id_idx" ON "Lead"("tenantId", "assignedTo", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Pipeline_tenantId_name_idx" ON "Pipeline"("tenantId", "name");

-- CreateIndex
CREATE INDEX "PipelineStage_tenantId_pipelineId_position_idx" ON "PipelineStage"("tenantId", "pipelineId", "position");

-- CreateIndex
CREATE INDEX "Deal_tenantId_createdAt_id_idx" ON "Deal"("tenantId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Deal_tenantId_stageId_createdAt_idx" ON "Deal"("tenantId", "stageId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Deal_tenantId_companyId_createdAt_idx" ON "Deal"("tenantId", "companyId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Deal_tenantId_ownerId_createdAt_idx" ON "Deal"("tenantId", "ownerId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Deal_tenantId_status_createdAt_idx" ON "Deal"("tenantId", "status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "DealActivity_tenantId_dealId_activityDate_id_idx" ON "DealActivity"("tenantId", "dealId", "activityDate" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "BookableResource_tenantId_isActive_type_name_idx" ON "BookableResource"("tenantId", "isActive", "type", "name");

-- CreateIndex
CREATE UNIQUE INDEX "BookableResource_tenantId_slug_key" ON "BookableResource"("tenantId", "slug");

-- CreateIndex
CREATE INDEX "OperatingHours_tenantId_resourceId_weekday_idx" ON "OperatingHours"("tenantId", "resourceId", "weekday");

-- CreateIndex
CREATE INDEX "ResourceClosure_tenantId_resourceId_startsAt_idx" ON "ResourceClosure"("tenantId", "resourceId", "startsAt");

-- CreateIndex
CREATE INDEX "Booking_tenantId_resourceId_startsAt_idx" ON "Booking"("tenantId", "resourceId", "startsAt");

-- CreateIndex
CREATE INDEX "Booking_tenantId_startsAt_id_idx" ON "Booking"("tenantId", "startsAt", "id");

-- CreateIndex
CREATE INDEX "Booking_tenantId_leadId_idx" ON "Booking"("tenantId", "leadId");

-- CreateIndex
CREATE INDEX "EquipmentType_tenantId_name_idx" ON "EquipmentType"("tenantId", "name");

-- CreateIndex
CREATE INDEX "Equipment_tenantId_companyId_idx" ON "Equipment"("tenantId", "companyId");

-- CreateIndex
CREATE INDEX "Equipment_tenantId_serialNumber_idx" ON "Equipment"("tenantId", "serialNumber");

-- CreateIndex
CREATE INDEX "ChecklistTemplate_tenantId_name_idx" ON "ChecklistTemplate"("tenantId", "name");

-- CreateIndex
CREATE INDEX "Inspection_tenantId_createdAt_id_idx" ON "Inspection"("tenantId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Inspection_tenantId_status_createdAt_idx" ON "Inspection"("tenantId", "status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Inspection_tenantId_companyId_createdAt_idx" ON "Inspection"("tenantId", "companyId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Inspection_tenantId_technicianId_createdAt_idx" ON "Inspection"("tenantId", "technicianId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "InspectionTeamMember_tenantId_technicianId_idx" ON "InspectionTeamMember"("tenantId", "technicianId");

-- CreateIndex
CREATE UNIQUE INDEX "InspectionTeamMember_tenantId_inspectionId_technicianId_key" ON "InspectionTeamMember"("tenantId", "inspectionId", "technicianId");

-- CreateIndex
CREATE INDEX "Finding_tenantId_inspectionId_idx" ON "Finding"("tenantId", "inspectionId");

-- CreateIndex
CREATE INDEX "FindingPhoto_tenantId_findingId_idx" ON "FindingPhoto"("tenantId", "findingId");

-- CreateIndex
CREATE INDEX "Invoice_tenantId_createdAt_id_idx" ON "Invoice"("tenantId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Invoice_tenantId_status_createdAt_idx" ON "Invoice"("tenantId", "status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Invoice_tenantId_issuedDate_idx" ON "Invoice"("tenantId", "issuedDate");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_tenantId_invoiceNumber_key" ON "Invoice"("tenantId", "invoiceNumber");

-- CreateIndex
CREATE INDEX "InvoiceLineItem_tenantId_invoiceId_sortOrder_idx" ON "InvoiceLineItem"("tenantId", "invoiceId", "sortOrder");

-- CreateIndex
CREATE INDEX "Payment_tenantId_invoiceId_paymentDate_idx" ON "Payment"("tenantId", "invoiceId", "paymentDate");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyPair" ADD CONSTRAINT "ApiKeyPair_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKeyPair" ADD CONSTRAINT "ApiKeyPair_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "ApiKeyPair"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomFieldDefinition" ADD CONSTRAINT "CustomFieldDefinition_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_assignedTo_fkey" FOREIGN KEY ("assignedTo") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PipelineStage" ADD CONSTRAINT "PipelineStage_pipelineId_fkey" FOREIGN KEY ("pipelineId") REFERENCES "Pipeline"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_stageId_fkey" FOREIGN KEY ("stageId") REFERENCES "PipelineStage"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealActivity" ADD CONSTRAINT "DealActivity_dealId_fkey" FOREIGN KEY ("dealId") REFERENCES "Deal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealActivity" ADD CONSTRAINT "DealActivity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OperatingHours" ADD CONSTRAINT "OperatingHours_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "BookableResource"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceClosure" ADD CONSTRAINT "ResourceClosure_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "BookableResource"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "BookableResource"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Equipment" ADD CONSTRAINT "Equipment_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Equipment" ADD CONSTRAINT "Equipment_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Equipment" ADD CONSTRAINT "Equipment_equipmentTypeId_fkey" FOREIGN KEY ("equipmentTypeId") REFERENCES "EquipmentType"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChecklistTemplate" ADD CONSTRAINT "ChecklistTemplate_equipmentTypeId_fkey" FOREIGN KEY ("equipmentTypeId") REFERENCES "EquipmentType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_equipmentId_fkey" FOREIGN KEY ("equipmentId") REFERENCES "Equipment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "ChecklistTemplate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Inspection" ADD CONSTRAINT "Inspection_technicianId_fkey" FOREIGN KEY ("technicianId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionTeamMember" ADD CONSTRAINT "InspectionTeamMember_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionTeamMember" ADD CONSTRAINT "InspectionTeamMember_technicianId_fkey" FOREIGN KEY ("technicianId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FindingPhoto" ADD CONSTRAINT "FindingPhoto_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceLineItem" ADD CONSTRAINT "InvoiceLineItem_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

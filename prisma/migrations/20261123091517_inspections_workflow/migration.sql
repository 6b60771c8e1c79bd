-- Trigram indexes serve the inspection search. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "EquipmentStatus" AS ENUM ('in_service', 'out_of_service', 'retired');

-- CreateEnum
CREATE TYPE "PhotoType" AS ENUM ('overview', 'defect', 'nameplate', 'repair');

-- DropForeignKey
ALTER TABLE "Equipment" DROP CONSTRAINT "Equipment_siteId_fkey";

-- DropIndex
DROP INDEX "ChecklistTemplate_tenantId_name_idx";

-- DropIndex
DROP INDEX "Equipment_tenantId_serialNumber_idx";

-- DropIndex
DROP INDEX "EquipmentType_tenantId_name_idx";

-- DropIndex
DROP INDEX "Inspection_tenantId_companyId_createdAt_idx";

-- DropIndex
DROP INDEX "Inspection_tenantId_createdAt_id_idx";

-- DropIndex
DROP INDEX "Inspection_tenantId_status_createdAt_idx";

-- DropIndex
DROP INDEX "Inspection_tenantId_technicianId_createdAt_idx";

-- DropIndex
DROP INDEX "InspectionTeamMember_tenantId_technicianId_idx";

-- AlterTable
ALTER TABLE "Equipment" ALTER COLUMN "siteId" SET NOT NULL,
ALTER COLUMN "serialNumber" SET NOT NULL,
ALTER COLUMN "serialNumber" SET DATA TYPE VARCHAR(100),
DROP COLUMN "status",
ADD COLUMN     "status" "EquipmentStatus" NOT NULL DEFAULT 'in_service',
ALTER COLUMN "nameplatePhotoUrl" SET DATA TYPE VARCHAR(2000);

-- AlterTable
ALTER TABLE "Finding" ALTER COLUMN "description" SET DATA TYPE VARCHAR(10000),
ALTER COLUMN "recommendation" SET DATA TYPE VARCHAR(10000);

-- AlterTable
ALTER TABLE "FindingPhoto" ALTER COLUMN "photoUrl" SET DATA TYPE VARCHAR(2000),
ALTER COLUMN "caption" SET DATA TYPE VARCHAR(500),
DROP COLUMN "photoType",
ADD COLUMN     "photoType" "PhotoType" NOT NULL DEFAULT 'overview';

-- AlterTable
ALTER TABLE "Inspection" ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '',
ALTER COLUMN "customerSignatureUrl" SET DATA TYPE VARCHAR(2000);

-- CreateTable
CREATE TABLE "InspectionEvent" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "inspectionId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "fromStatus" "InspectionStatus",
    "toStatus" "InspectionStatus" NOT NULL,
    "note" TEXT,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InspectionEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InspectionReport" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "inspectionId" UUID NOT NULL,
    "pdf" BYTEA NOT NULL,
    "emailedTo" VARCHAR(320),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InspectionReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InspectionEvent_tenantId_inspectionId_occurredAt_idx" ON "InspectionEvent"("tenantId", "inspectionId", "occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "InspectionReport_inspectionId_key" ON "InspectionReport"("inspectionId");

-- CreateIndex
CREATE INDEX "ChecklistTemplate_tenantId_name_id_idx" ON "ChecklistTemplate"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "Equipment_tenantId_siteId_idx" ON "Equipment"("tenantId", "siteId");

-- CreateIndex
CREATE INDEX "Equipment_tenantId_createdAt_id_idx" ON "Equipment"("tenantId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Equipment_tenantId_serialNumber_key" ON "Equipment"("tenantId", "serialNumber");

-- CreateIndex
CREATE INDEX "EquipmentType_tenantId_name_id_idx" ON "EquipmentType"("tenantId", "name", "id");

-- CreateIndex
CREATE INDEX "Inspection_tenantId_inspectionDate_id_idx" ON "Inspection"("tenantId", "inspectionDate" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Inspection_tenantId_status_inspectionDate_idx" ON "Inspection"("tenantId", "status", "inspectionDate" DESC);

-- CreateIndex
CREATE INDEX "Inspection_tenantId_companyId_inspectionDate_idx" ON "Inspection"("tenantId", "companyId", "inspectionDate" DESC);

-- CreateIndex
CREATE INDEX "Inspection_tenantId_equipmentId_idx" ON "Inspection"("tenantId", "equipmentId");

-- CreateIndex
CREATE INDEX "Inspection_tenantId_templateId_idx" ON "Inspection"("tenantId", "templateId");

-- CreateIndex
CREATE INDEX "Inspection_searchText_idx" ON "Inspection" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "InspectionTeamMember_tenantId_technicianId_inspectionId_idx" ON "InspectionTeamMember"("tenantId", "technicianId", "inspectionId");

-- AddForeignKey
ALTER TABLE "Equipment" ADD CONSTRAINT "Equipment_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionEvent" ADD CONSTRAINT "InspectionEvent_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionEvent" ADD CONSTRAINT "InspectionEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InspectionReport" ADD CONSTRAINT "InspectionReport_inspectionId_fkey" FOREIGN KEY ("inspectionId") REFERENCES "Inspection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "ImportObject" AS ENUM ('leads', 'contacts', 'companies');

-- CreateEnum
CREATE TYPE "ImportMode" AS ENUM ('create', 'upsert');

-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "ImportRowOutcome" AS ENUM ('created', 'updated', 'unchanged', 'failed');

-- CreateTable
CREATE TABLE "ImportJob" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "object" "ImportObject" NOT NULL,
    "mode" "ImportMode" NOT NULL DEFAULT 'create',
    "matchOn" VARCHAR(50),
    "dryRun" BOOLEAN NOT NULL DEFAULT false,
    "mapping" JSONB,
    "createCompanies" BOOLEAN NOT NULL DEFAULT false,
    "fileId" UUID NOT NULL,
    "columns" TEXT[],
    "status" "ImportStatus" NOT NULL DEFAULT 'queued',
    "rowsTotal" INTEGER,
    "rowsProcessed" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" VARCHAR(2000),
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdByUserId" UUID NOT NULL,
    "scopes" TEXT[],
    "budgetKey" VARCHAR(100) NOT NULL,
    "budgetRequests" INTEGER,
    "leaseUntil" TIMESTAMPTZ(3),
    "leaseToken" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ImportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportFile" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "format" VARCHAR(10) NOT NULL,
    "charset" VARCHAR(50),
    "fileName" VARCHAR(255),
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "storedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportFileChunk" (
    "fileId" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "ImportFileChunk_pkey" PRIMARY KEY ("fileId","seq")
);

-- CreateTable
CREATE TABLE "ImportRow" (
    "importId" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "outcome" "ImportRowOutcome" NOT NULL,
    "recordId" UUID,
    "errors" JSONB NOT NULL,
    "cells" JSONB NOT NULL,

    CONSTRAINT "ImportRow_pkey" PRIMARY KEY ("importId","line")
);

-- CreateIndex
CREATE INDEX "ImportJob_tenantId_createdAt_id_idx" ON "ImportJob"("tenantId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ImportJob_status_leaseUntil_idx" ON "ImportJob"("status", "leaseUntil");

-- CreateIndex
CREATE INDEX "ImportFile_tenantId_createdAt_idx" ON "ImportFile"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "ImportRow_importId_outcome_line_idx" ON "ImportRow"("importId", "outcome", "line");

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportJob" ADD CONSTRAINT "ImportJob_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "ImportFile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportFileChunk" ADD CONSTRAINT "ImportFileChunk_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "ImportFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportJob"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Upserts match rows to records case-insensitively (leads already have a lower(email) index).
CREATE INDEX "Contact_tenantId_lower_email_idx" ON "Contact" ("tenantId", lower(email));
CREATE INDEX "Company_tenantId_lower_name_idx" ON "Company" ("tenantId", lower(name));

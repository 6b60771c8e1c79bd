-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('pending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "slotId" VARCHAR(200) NOT NULL;

-- CreateTable
CREATE TABLE "ServerSecret" (
    "name" VARCHAR(100) NOT NULL,
    "value" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerSecret_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "kind" VARCHAR(100) NOT NULL,
    "recipient" VARCHAR(320) NOT NULL,
    "subject" VARCHAR(500) NOT NULL,
    "message" JSONB NOT NULL,
    "status" "OutboxStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMPTZ(3),
    "leaseToken" UUID,
    "lastError" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_tenantId_createdAt_idx" ON "OutboxMessage"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "Booking_tenantId_status_startsAt_idx" ON "Booking"("tenantId", "status", "startsAt");

-- CreateIndex
CREATE INDEX "Lead_tenantId_email_idx" ON "Lead"("tenantId", "email");

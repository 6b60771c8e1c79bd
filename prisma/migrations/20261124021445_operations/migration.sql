-- AlterTable
ALTER TABLE "ApiKeyPair" ADD COLUMN     "rateLimit" INTEGER;

-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "tenantId" UUID NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "fingerprint" CHAR(64) NOT NULL,
    "status" INTEGER,
    "runningUntil" TIMESTAMPTZ(3) NOT NULL,
    "headers" JSONB,
    "body" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("tenantId","key")
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_expiresAt_idx" ON "IdempotentRequest"("expiresAt");

-- AddForeignKey
ALTER TABLE "IdempotentRequest" ADD CONSTRAINT "IdempotentRequest_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A pair's own budget is at least one request per window
ALTER TABLE "ApiKeyPair" ADD CONSTRAINT "ApiKeyPair_rateLimit_positive" CHECK ("rateLimit" > 0);

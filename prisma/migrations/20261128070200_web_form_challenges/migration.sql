-- CreateTable
CREATE TABLE "SpentFormChallenge" (
    "signature" CHAR(64) NOT NULL,
    "tenantId" UUID NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SpentFormChallenge_pkey" PRIMARY KEY ("signature")
);

-- CreateIndex
CREATE INDEX "SpentFormChallenge_tenantId_expiresAt_idx" ON "SpentFormChallenge"("tenantId", "expiresAt");

-- AddForeignKey
ALTER TABLE "SpentFormChallenge" ADD CONSTRAINT "SpentFormChallenge_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

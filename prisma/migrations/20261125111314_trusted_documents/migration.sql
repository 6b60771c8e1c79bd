-- CreateEnum
CREATE TYPE "TrustedDocumentsRule" AS ENUM ('publishable', 'all', 'none');

-- AlterTable
ALTER TABLE "ApiKeyPair" ADD COLUMN     "trustedDocuments" "TrustedDocumentsRule" NOT NULL DEFAULT 'publishable';

-- CreateTable
CREATE TABLE "TrustedDocument" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "document" TEXT NOT NULL,
    "pairId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrustedDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TrustedDocument_tenantId_hash_pairId_key" ON "TrustedDocument"("tenantId", "hash", "pairId");

-- AddForeignKey
ALTER TABLE "TrustedDocument" ADD CONSTRAINT "TrustedDocument_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrustedDocument" ADD CONSTRAINT "TrustedDocument_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "ApiKeyPair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Pairs issued before trusted documents existed keep running the documents they ran; new pairs
-- limit their publishable key (the column's default).
UPDATE "ApiKeyPair" SET "trustedDocuments" = 'none';

-- A change of a pair's rule reaches every process's key cache at once, as its other changes do.
DROP TRIGGER "ApiKeyPair_credentialChange" ON "ApiKeyPair";
CREATE TRIGGER "ApiKeyPair_credentialChange" AFTER UPDATE OF "scopes", "expiresAt", "rateLimit", "userId", "trustedDocuments" OR DELETE ON "ApiKeyPair"
  FOR EACH ROW EXECUTE FUNCTION "announceCredentialChange"('tenantId');

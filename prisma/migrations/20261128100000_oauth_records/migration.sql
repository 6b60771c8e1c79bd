-- AlterTable
ALTER TABLE "ServerSecret" ALTER COLUMN "value" SET DATA TYPE TEXT;

-- CreateTable
CREATE TABLE "OAuthRecord" (
    "kind" VARCHAR(40) NOT NULL,
    "idHash" CHAR(64) NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" VARCHAR(64),
    "uidHash" CHAR(64),
    "userId" UUID,
    "tenantId" UUID,
    "clientId" VARCHAR(2000),
    "clientName" VARCHAR(200),
    "expiresAt" TIMESTAMPTZ(3),
    "consumedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthRecord_pkey" PRIMARY KEY ("kind","idHash")
);

-- CreateIndex
CREATE INDEX "OAuthRecord_grantId_idx" ON "OAuthRecord"("grantId");

-- CreateIndex
CREATE INDEX "OAuthRecord_uidHash_idx" ON "OAuthRecord"("uidHash");

-- CreateIndex
CREATE INDEX "OAuthRecord_tenantId_kind_userId_idx" ON "OAuthRecord"("tenantId", "kind", "userId");

-- CreateIndex
CREATE INDEX "OAuthRecord_expiresAt_idx" ON "OAuthRecord"("expiresAt");

-- AddForeignKey
ALTER TABLE "OAuthRecord" ADD CONSTRAINT "OAuthRecord_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthRecord" ADD CONSTRAINT "OAuthRecord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- A connected app's access tokens are cached by every process as API keys are (src/oauth/
-- access-tokens.ts): revoking a grant or a token, or its expiry being moved, is announced on the
-- key cache's channel so that every process forgets the tenant's cached credentials at once.
CREATE TRIGGER "OAuthRecord_credentialChange" AFTER UPDATE OF "expiresAt", "consumedAt", "tenantId", "userId" OR DELETE ON "OAuthRecord"
  FOR EACH ROW WHEN (OLD."kind" IN ('Grant', 'AccessToken') AND OLD."tenantId" IS NOT NULL)
  EXECUTE FUNCTION "announceCredentialChange"('tenantId');

-- AlterTable
ALTER TABLE "ApiKeyPair" ADD COLUMN     "allowedOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- A change of a pair's origins reaches every process's key cache at once, as its other changes do.
DROP TRIGGER "ApiKeyPair_credentialChange" ON "ApiKeyPair";
CREATE TRIGGER "ApiKeyPair_credentialChange" AFTER UPDATE OF "scopes", "expiresAt", "rateLimit", "userId", "trustedDocuments", "allowedOrigins" OR DELETE ON "ApiKeyPair"
  FOR EACH ROW EXECUTE FUNCTION "announceCredentialChange"('tenantId');

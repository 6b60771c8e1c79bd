-- Every API process caches what an API key's lookup returns (src/auth/key-cache.ts). A change to
-- anything that lookup reads is announced on the channel "api_credentials_changed", with the
-- tenant's id as the payload, when its transaction commits; each process then forgets that
-- tenant's cached keys. Triggers, not application code, so that every writer is covered: the API,
-- the CLI, a migration, an operator's SQL.
CREATE FUNCTION "announceCredentialChange"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column holding the tenant's id ("tenantId", or "id" on "Tenant").
  PERFORM pg_notify('api_credentials_changed', to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE TRIGGER "ApiKey_credentialChange" AFTER UPDATE OF "revokedAt", "keyHash", "pairId", "kind" OR DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION "announceCredentialChange"('tenantId');

CREATE TRIGGER "ApiKeyPair_credentialChange" AFTER UPDATE OF "scopes", "expiresAt", "rateLimit", "userId" OR DELETE ON "ApiKeyPair"
  FOR EACH ROW EXECUTE FUNCTION "announceCredentialChange"('tenantId');

CREATE TRIGGER "User_credentialChange" AFTER UPDATE OF "role", "deactivatedAt", "tenantId" OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "announceCredentialChange"('tenantId');

CREATE TRIGGER "Tenant_credentialChange" AFTER UPDATE OF "modules" OR DELETE ON "Tenant"
  FOR EACH ROW EXECUTE FUNCTION "announceCredentialChange"('id');

-- Every API process caches a tenant's custom-field definitions, which every write with custom
-- fields is checked against (src/custom-fields/custom-field-definitions.ts). A change to a
-- definition is announced on the channel "custom_fields_changed", with the tenant's id as the
-- payload, when its transaction commits; each process then forgets that tenant's definitions.
-- A trigger, not application code, so that every writer is covered: the CLI, a migration, SQL.
CREATE FUNCTION "announceCustomFieldChange"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('custom_fields_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD."tenantId" ELSE NEW."tenantId" END)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "CustomFieldDefinition_change" AFTER INSERT OR UPDATE OR DELETE ON "CustomFieldDefinition"
  FOR EACH ROW EXECUTE FUNCTION "announceCustomFieldChange"();

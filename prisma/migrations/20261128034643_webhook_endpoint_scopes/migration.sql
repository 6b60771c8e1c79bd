-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "scopes" TEXT[];

-- Endpoints saved before this column read at delivery what their owner's role reads (their event
-- types were already bounded by the saving key's scopes).
UPDATE "WebhookEndpoint" SET "scopes" = ARRAY['leads.lead.read', 'leads.lead.write', 'pipeline', 'bookings.read', 'bookings.manage', 'bookings.resources.manage', 'companies.read', 'companies.write', 'contacts.read', 'contacts.write', 'inspections.read', 'inspections.write', 'invoices.read', 'invoices.write', 'settings.manage', 'webhooks.manage'];

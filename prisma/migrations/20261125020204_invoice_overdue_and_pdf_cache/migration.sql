-- AlterTable
ALTER TABLE "InvoiceEvent" ALTER COLUMN "userId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "InvoicePdf" (
    "invoiceId" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "contentHash" CHAR(64) NOT NULL,
    "pdf" BYTEA NOT NULL,
    "renderedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvoicePdf_pkey" PRIMARY KEY ("invoiceId")
);

-- CreateIndex
CREATE INDEX "Invoice_status_dueDate_idx" ON "Invoice"("status", "dueDate");

-- AddForeignKey
ALTER TABLE "InvoicePdf" ADD CONSTRAINT "InvoicePdf_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Invoice" ALTER COLUMN "subtotal" SET DATA TYPE DECIMAL(18,2),
ALTER COLUMN "taxAmount" SET DATA TYPE DECIMAL(18,2),
ALTER COLUMN "totalAmount" SET DATA TYPE DECIMAL(18,2),
ALTER COLUMN "amountPaid" SET DATA TYPE DECIMAL(18,2),
ALTER COLUMN "balanceDue" SET DATA TYPE DECIMAL(18,2);

-- AlterTable
ALTER TABLE "InvoiceLineItem" ALTER COLUMN "total" SET DATA TYPE DECIMAL(18,2);

-- AlterTable
ALTER TABLE "Payment" ALTER COLUMN "amount" SET DATA TYPE DECIMAL(18,2);

-- AlterTable
ALTER TABLE "Tenant" ADD COLUMN     "invoicePrefix" VARCHAR(20) NOT NULL DEFAULT 'INV-';

-- CreateTable
CREATE TABLE "InvoiceSequence" (
    "tenantId" UUID NOT NULL,
    "lastNumber" INTEGER NOT NULL,

    CONSTRAINT "InvoiceSequence_pkey" PRIMARY KEY ("tenantId")
);

-- CreateTable
CREATE TABLE "InvoiceEvent" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "invoiceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "fromStatus" "InvoiceStatus",
    "toStatus" "InvoiceStatus" NOT NULL,
    "note" VARCHAR(500),
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvoiceEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InvoiceEvent_tenantId_invoiceId_occurredAt_idx" ON "InvoiceEvent"("tenantId", "invoiceId", "occurredAt");

-- CreateIndex
CREATE INDEX "Invoice_tenantId_companyId_createdAt_id_idx" ON "Invoice"("tenantId", "companyId", "createdAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "InvoiceEvent" ADD CONSTRAINT "InvoiceEvent_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceEvent" ADD CONSTRAINT "InvoiceEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The database itself refuses an overpayment or a balance that disagrees with the amounts
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_amounts_check" CHECK ("amountPaid" >= 0 AND "amountPaid" <= "totalAmount" AND "balanceDue" = "totalAmount" - "amountPaid" AND "taxRate" >= 0 AND "taxRate" <= 1);
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_amount_check" CHECK ("amount" > 0);

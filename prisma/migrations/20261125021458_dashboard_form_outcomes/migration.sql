-- CreateTable
CREATE TABLE "DashboardFormOutcome" (
    "token" VARCHAR(40) NOT NULL,
    "tenantId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "sealed" BYTEA,
    "doneAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DashboardFormOutcome_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "DashboardFormOutcome_tenantId_sessionId_idx" ON "DashboardFormOutcome"("tenantId", "sessionId");

-- CreateIndex
CREATE INDEX "DashboardFormOutcome_expiresAt_idx" ON "DashboardFormOutcome"("expiresAt");

-- AddForeignKey
ALTER TABLE "DashboardFormOutcome" ADD CONSTRAINT "DashboardFormOutcome_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DashboardFormOutcome" ADD CONSTRAINT "DashboardFormOutcome_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "DashboardSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

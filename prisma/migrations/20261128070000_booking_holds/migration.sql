-- CreateTable
CREATE TABLE "BookingHold" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "resourceId" UUID NOT NULL,
    "slotId" VARCHAR(200) NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "holder" VARCHAR(200) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BookingHold_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BookingHold_tenantId_resourceId_startsAt_idx" ON "BookingHold"("tenantId", "resourceId", "startsAt");

-- CreateIndex
CREATE INDEX "BookingHold_tenantId_holder_idx" ON "BookingHold"("tenantId", "holder");

-- AddForeignKey
ALTER TABLE "BookingHold" ADD CONSTRAINT "BookingHold_resourceId_fkey" FOREIGN KEY ("resourceId") REFERENCES "BookableResource"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Slot rules count live holds (expiring after `p_now`, the application's clock) as taken places,
-- beside confirmed bookings; `p_except` (the booking or hold being made, judged again under the
-- resource's lock) is left out of either. Otherwise as in migration 20261127130000.
DROP FUNCTION "slotRules"(uuid, uuid[], timestamptz, timestamptz, uuid, boolean);
CREATE FUNCTION "slotRules"(p_tenant uuid, p_resources uuid[], p_from timestamptz, p_to timestamptz, p_except uuid, p_lock boolean, p_now timestamptz)
RETURNS TABLE (resource "BookableResource", hours text, closures text, bookings text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_lock THEN
    PERFORM 1 FROM "BookableResource" r WHERE r."tenantId" = p_tenant AND r.id = ANY(p_resources) ORDER BY r.id FOR NO KEY UPDATE;
  END IF;
  RETURN QUERY
    SELECT r,
      COALESCE((SELECT json_agg(json_build_array(h.weekday, h."opensAt", h."closesAt"))
        FROM "OperatingHours" h WHERE h."tenantId" = r."tenantId" AND h."resourceId" = r.id), '[]')::text,
      COALESCE((SELECT json_agg(json_build_array(
          (extract(epoch FROM c."startsAt") * 1000)::bigint, (extract(epoch FROM c."endsAt") * 1000)::bigint))
        FROM "ResourceClosure" c
        WHERE c."tenantId" = r."tenantId" AND c."resourceId" = r.id AND c."startsAt" < p_to AND c."endsAt" > p_from), '[]')::text,
      COALESCE((SELECT json_agg(json_build_array(
          (extract(epoch FROM taken."startsAt") * 1000)::bigint, (extract(epoch FROM taken."endsAt") * 1000)::bigint))
        FROM (
          SELECT b."startsAt", b."endsAt" FROM "Booking" b
          WHERE b."tenantId" = r."tenantId" AND b."resourceId" = r.id AND b.status = 'confirmed'
            AND b."startsAt" < p_to AND b."startsAt" > p_from - interval '1 day' AND b."endsAt" > p_from
            AND b.id IS DISTINCT FROM p_except
          UNION ALL
          SELECT o."startsAt", o."endsAt" FROM "BookingHold" o
          WHERE o."tenantId" = r."tenantId" AND o."resourceId" = r.id AND o."expiresAt" > p_now
            AND o."startsAt" < p_to AND o."startsAt" > p_from - interval '1 day' AND o."endsAt" > p_from
            AND o.id IS DISTINCT FROM p_except
        ) taken), '[]')::text
    FROM "BookableResource" r
    WHERE r."tenantId" = p_tenant AND r.id = ANY(p_resources);
END
$$;

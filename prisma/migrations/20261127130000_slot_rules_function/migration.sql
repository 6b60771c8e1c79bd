-- Everything a slot is judged by, for any number of resources of one tenant, in one call
-- (src/bookings/availability.ts reads it for availability and for booking): each resource's row,
-- its weekly hours, and the closures and confirmed bookings that overlap [p_from, p_to) (a booking
-- is at most a day long, so its start bounds the index range scan), but `p_except`.
--
-- With `p_lock`, the resources' rows are first locked FOR NO KEY UPDATE. A booking judges its slot
-- again this way before it commits: the function is VOLATILE, so the read after the lock takes a
-- fresh snapshot and sees every booking committed before the lock was granted. Concurrent bookings
-- of a resource are thereby judged one after another in one round trip each, where a lock
-- statement and a read (whose snapshot must follow the lock) took two.
CREATE FUNCTION "slotRules"(p_tenant uuid, p_resources uuid[], p_from timestamptz, p_to timestamptz, p_except uuid, p_lock boolean)
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
          (extract(epoch FROM b."startsAt") * 1000)::bigint, (extract(epoch FROM b."endsAt") * 1000)::bigint))
        FROM "Booking" b
        WHERE b."tenantId" = r."tenantId" AND b."resourceId" = r.id AND b.status = 'confirmed'
          AND b."startsAt" < p_to AND b."startsAt" > p_from - interval '1 day' AND b."endsAt" > p_from
          AND b.id IS DISTINCT FROM p_except), '[]')::text
    FROM "BookableResource" r
    WHERE r."tenantId" = p_tenant AND r.id = ANY(p_resources);
END
$$;

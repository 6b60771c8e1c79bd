import { sqlList } from '../db/sql-list.js';
import { lockForUpdate, lockTenant } from '../db/tenant-scope.js';
import type { ResourceType } from '../generated/prisma/enums.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { MAX_PAGE_SIZE } from '../graphql/limits.js';
import { oneOf, withinRange } from '../graphql/list-filters.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { AppError, badInput, notFound } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';
import type { WeeklyInterval } from './slots.js';
import { canonicalTimeZone } from './time-window.js';

/** The columns `search` reads (each under a trigram index). */
const resourceSearch = searchColumns('BookableResource', ['name']);

/** A publishable key (a website widget) sees only resources that are active and published: as a Prisma condition, */
export const visibleToCaller = (ctx: Context) => (principalOf(ctx).kind === 'publishable' ? { isActive: true, published: true } : {});

/** ... and as a check of a resource already read. */
export const isVisibleTo = (ctx: Context, resource: { isActive: boolean; published: boolean }) =>
  principalOf(ctx).kind !== 'publishable' || (resource.isActive && resource.published);

export interface ResourceFilter {
  type?: ResourceType[] | null;
  search?: string | null;
  includeInactive?: boolean | null;
}

export const resourceOrder: ListOrder = {
  entity: 'BookableResource',
  orderFields: {
    NAME: { column: 'name', description: 'Name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the resource was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the resource last changed.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The resources matching a filter (active ones unless `includeInactive`), one keyset page at a time. */
export function listResources(ctx: Context, args: ListArgs<ResourceFilter>) {
  const filter = args.filter ?? {};
  const where = {
    type: oneOf(filter.type),
    isActive: filter.includeInactive ? undefined : true,
    AND: searchWords(filter.search, resourceSearch),
    ...visibleToCaller(ctx),
  };
  const rows = sqlList(ctx.db, 'BookableResource', where);
  return keysetPage(ctx, resourceOrder, args, rows.page, rows.count);
}

export const getResource = (ctx: Context, id: string) =>
  found(ctx.db.bookableResource.findUnique({ where: { id, ...visibleToCaller(ctx) } }), 'Bookable resource');

interface ResourceFields {
  description?: string | null;
  addressLine1?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}

export interface NewResource extends ResourceFields {
  type: ResourceType;
  name: string;
  slug?: string | null;
  timezone: string;
  defaultDurationMinutes: number;
  maxConcurrent?: number | null;
  isActive?: boolean | null;
  published?: boolean | null;
}

/** Absent fields do not change; null clears the nullable ones (the others refuse null before this). */
export type ResourcePatch = { [K in keyof NewResource]?: NewResource[K] | null };

function timeZone(name: string): string {
  const canonical = canonicalTimeZone(name);
  if (!canonical) throw badInput([{ field: 'timezone', message: 'must be an IANA time zone name such as Europe/Paris' }]);
  return canonical;
}

/** A URL-safe slug from a name: "Salle Étoile 2" becomes "salle-etoile-2". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 190)
    .replace(/-+$/, '');
  return slug || 'resource';
}

/** A derived slug that is free in the tenant: the name's slug, else with -2, -3, ... appended. */
async function freeSlug(ctx: Context, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(
    (await ctx.db.bookableResource.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((r) => r.slug),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `slug: another resource of the tenant already uses "${slug}"`, [{ field: 'slug', message: 'is already used by another resource', code: 'TAKEN' }]);

async function slugMustBeFree(ctx: Context, slug: string, exceptId?: string) {
  const other = await ctx.db.bookableResource.findFirst({ where: { slug, id: exceptId ? { not: exceptId } : undefined }, select: { id: true } });
  if (other) throw slugTaken(slug);
}

/**
 * The most bookable resources a tenant may have, active or not: the largest page, so that every
 * list of them (the specification's `GET /api/bookings/resources` returns them all) is one page.
 * A business with more places, people and things to book than this is not what the API is for.
 */
export const MAX_RESOURCES_PER_TENANT = MAX_PAGE_SIZE;

export async function createResource(ctx: Context, input: NewResource) {
  const timezone = timeZone(input.timezone);
  if (input.slug) await slugMustBeFree(ctx, input.slug);
  const slug = input.slug ?? (await freeSlug(ctx, input.name));
  return ctx.db.$transaction(async (tx) => {
    // Counted under the tenant's row lock, so concurrent creations cannot pass the ceiling together.
    await lockTenant(tx);
    if ((await tx.bookableResource.count()) >= MAX_RESOURCES_PER_TENANT) {
      throw new AppError(
        'CONFLICT',
        `A tenant has at most ${MAX_RESOURCES_PER_TENANT} bookable resources, active or not, and this one has them all; change one it no longer uses (an inactive one) instead`,
        undefined,
        undefined,
        'LIMIT_REACHED',
      );
    }
    return tx.bookableResource.create({
      data: {
        ...input,
        slug,
        timezone,
        maxConcurrent: input.maxConcurrent ?? 1,
        isActive: input.isActive ?? true,
        published: input.published ?? false,
        tenantId: principalOf(ctx).tenantId,
      },
    });
  });
}

export async function updateResource(ctx: Context, id: string, patch: ResourcePatch) {
  const { type, name, slug, timezone, defaultDurationMinutes, maxConcurrent, isActive, published, ...nullable } = sentFields(patch);
  await getResource(ctx, id);
  if (slug) await slugMustBeFree(ctx, slug, id);
  // Under the resource's lock, so a booking is judged entirely before or after the change.
  return ctx.db.$transaction(async (tx) => {
    await lockForUpdate(tx, 'BookableResource', id);
    return tx.bookableResource.update({
      where: { id },
      data: {
        ...nullable,
        type: type ?? undefined,
        name: name ?? undefined,
        slug: slug ?? undefined,
        timezone: timezone ? timeZone(timezone) : undefined,
        defaultDurationMinutes: defaultDurationMinutes ?? undefined,
        maxConcurrent: maxConcurrent ?? undefined,
        isActive: isActive ?? undefined,
        published: published ?? undefined,
      },
    });
  });
}

// ---------- Weekly hours ----------

export interface OpeningInterval {
  weekday: number;
  opensAt: string;
  closesAt: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An interval as clients read and write it: local `HH:MM` times. */
export const asOpeningInterval = (h: WeeklyInterval): OpeningInterval => ({ weekday: h.weekday, opensAt: timeOf(h.opensAt), closesAt: timeOf(h.closesAt) });

/** Intervals in minutes; each must close after it opens and none may overlap another on its day. */
function checkedIntervals(hours: OpeningInterval[]): WeeklyInterval[] {
  const intervals = hours.map((h) => ({ weekday: h.weekday, opensAt: minutesOf(h.opensAt), closesAt: minutesOf(h.closesAt) }));
  const problems = intervals.flatMap((interval, index) => {
    if (interval.closesAt <= interval.opensAt) return [{ field: `hours.${index}.closesAt`, message: 'must be after opensAt' }];
    const overlapped = intervals.findIndex(
      (other, j) => j < index && other.weekday === interval.weekday && other.opensAt < interval.closesAt && interval.opensAt < other.closesAt,
    );
    return overlapped >= 0 ? [{ field: `hours.${index}`, message: `overlaps hours.${overlapped} on weekday ${interval.weekday}` }] : [];
  });
  if (problems.length) throw badInput(problems);
  return intervals.sort((a, b) => a.weekday - b.weekday || a.opensAt - b.opensAt);
}

async function hoursAnswer(ctx: Context, resource: { id: string; timezone: string }) {
  const rows = await ctx.db.operatingHours.findMany({ where: { resourceId: resource.id }, orderBy: [{ weekday: 'asc' }, { opensAt: 'asc' }] });
  return { resourceId: resource.id, timezone: resource.timezone, hours: rows.map(asOpeningInterval) };
}

export async function getResourceHours(ctx: Context, id: string) {
  return hoursAnswer(ctx, await getResource(ctx, id));
}

/** Replaces the weekly schedule, under the resource's lock (bookings are judged before or after, never between). */
export async function setResourceHours(ctx: Context, id: string, hours: OpeningInterval[]) {
  const intervals = checkedIntervals(hours);
  const resource = await getResource(ctx, id);
  const tenantId = principalOf(ctx).tenantId;
  await ctx.db.$transaction(async (tx) => {
    await lockForUpdate(tx, 'BookableResource', id);
    await tx.operatingHours.deleteMany({ where: { resourceId: id } });
    await tx.operatingHours.createMany({ data: intervals.map((h) => ({ ...h, resourceId: id, tenantId })) });
  });
  return { resourceId: id, timezone: resource.timezone, hours: intervals.map(asOpeningInterval) };
}

// ---------- Closures ----------

export interface NewClosure {
  startsAt: Date;
  endsAt: Date;
  reason?: string | null;
}

/** Closures that have not ended yet, soonest first. */
export const closureOrder: ListOrder = {
  entity: 'ResourceClosure',
  orderFields: {
    STARTS_AT: { column: 'startsAt', date: true, description: 'When the closure starts.' },
    ENDS_AT: { column: 'endsAt', date: true, description: 'When the closure ends.' },
  },
  defaultOrder: { field: 'STARTS_AT', direction: 'ASC' },
};

export interface ClosureFilter {
  startsAt?: { from?: Date | null; to?: Date | null } | null;
}

/** A resource's closures that have not ended yet, one keyset page at a time (src/graphql/connection.ts). */
export async function listUpcomingClosures(ctx: Context, id: string, args: ListArgs<ClosureFilter>) {
  await getResource(ctx, id);
  const where = { resourceId: id, endsAt: { gt: ctx.now() }, startsAt: withinRange(args.filter?.startsAt) };
  const rows = sqlList(ctx.db, 'ResourceClosure', where);
  return keysetPage(ctx, closureOrder, args, rows.page, rows.count);
}

export async function createClosure(ctx: Context, id: string, input: NewClosure) {
  if (input.endsAt <= input.startsAt) throw badInput([{ field: 'endsAt', message: 'must be after startsAt' }]);
  await getResource(ctx, id);
  return ctx.db.$transaction(async (tx) => {
    await lockForUpdate(tx, 'BookableResource', id);
    return tx.resourceClosure.create({ data: { ...input, resourceId: id, tenantId: principalOf(ctx).tenantId } });
  });
}

export async function deleteClosure(ctx: Context, id: string, closureId: string) {
  const { count } = await ctx.db.resourceClosure.deleteMany({ where: { id: closureId, resourceId: id } });
  if (!count) throw notFound('Closure');
  return closureId;
}

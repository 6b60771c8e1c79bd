import { sqlList } from '../db/sql-list.js';
import type { EquipmentStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf } from '../graphql/list-filters.js';
import { AppError } from '../shared/errors.js';
import { found, mustExist } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';
import { refreshSearchText } from './search-text.js';

// Equipment types and the equipment inspected: the supporting records of inspections.

/** The columns each list's `search` reads (each under a trigram index). */
const equipmentTypeSearch = searchColumns('EquipmentType', ['name', 'category']);
const equipmentSearch = searchColumns('Equipment', ['serialNumber', 'manufacturer', 'model', 'locationLabel']);

export interface EquipmentTypeFields {
  name?: string | null;
  category?: string | null;
  oshaStandard?: string | null;
}

export interface EquipmentTypeFilter {
  search?: string | null;
}

export const equipmentTypeOrder: ListOrder = {
  entity: 'EquipmentType',
  orderFields: {
    NAME: { column: 'name', description: 'Name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the equipment type was created.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The equipment types matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listEquipmentTypes(ctx: Context, args: ListArgs<EquipmentTypeFilter>) {
  const where = { AND: searchWords(args.filter?.search, equipmentTypeSearch) };
  const rows = sqlList(ctx.db, 'EquipmentType', where);
  return keysetPage(ctx, equipmentTypeOrder, args, rows.page, rows.count);
}

export const getEquipmentType = (ctx: Context, id: string) => found(ctx.db.equipmentType.findUnique({ where: { id } }), 'Equipment type');

export const createEquipmentType = (ctx: Context, input: EquipmentTypeFields & { name: string }) =>
  ctx.db.equipmentType.create({ data: { ...input, tenantId: principalOf(ctx).tenantId } });

export async function updateEquipmentType(ctx: Context, id: string, patch: EquipmentTypeFields) {
  const { name, ...nullable } = sentFields(patch);
  await getEquipmentType(ctx, id);
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.equipmentType.update({ where: { id }, data: { ...nullable, name: name ?? undefined } });
    if (name) await refreshSearchText(tx, 'equipmentType', id);
    return updated;
  });
}

export interface EquipmentFilter {
  search?: string | null;
  status?: EquipmentStatus[] | null;
  siteId?: string | null;
  companyId?: string | null;
  equipmentTypeId?: string | null;
}

export const equipmentOrder: ListOrder = {
  entity: 'Equipment',
  orderFields: {
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the equipment was recorded.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the equipment last changed.' },
    SERIAL_NUMBER: { column: 'serialNumber', description: 'Serial number, in the database collation.' },
  },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

/** The equipment matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listEquipment(ctx: Context, args: ListArgs<EquipmentFilter>) {
  const filter = args.filter ?? {};
  const where = {
    AND: searchWords(filter.search, equipmentSearch),
    status: oneOf(filter.status),
    siteId: filter.siteId ?? undefined,
    companyId: filter.companyId ?? undefined,
    equipmentTypeId: filter.equipmentTypeId ?? undefined,
  };
  const rows = sqlList(ctx.db, 'Equipment', where);
  return keysetPage(ctx, equipmentOrder, args, rows.page, rows.count);
}

export const getEquipment = (ctx: Context, id: string) => found(ctx.db.equipment.findUnique({ where: { id } }), 'Equipment');

interface EquipmentFields {
  manufacturer?: string | null;
  model?: string | null;
  ratedCapacity?: string | null;
  nameplatePhotoUrl?: string | null;
  locationLabel?: string | null;
  status?: EquipmentStatus | null;
}

export interface NewEquipment extends EquipmentFields {
  equipmentTypeId: string;
  siteId: string;
  serialNumber: string;
}

export type EquipmentPatch = EquipmentFields & { equipmentTypeId?: string | null; siteId?: string | null; serialNumber?: string | null };

/** The equipment type a record refers to must be the tenant's (404 naming `equipmentTypeId`). */
export const typeMustExist = (ctx: Context, id: string) =>
  mustExist(ctx.db.equipmentType.findUnique({ where: { id }, select: { id: true } }), 'equipmentTypeId', 'equipment type');

/** The site, whose company the equipment then belongs to. */
const siteMustExist = (ctx: Context, id: string) =>
  mustExist(ctx.db.site.findUnique({ where: { id }, select: { id: true, companyId: true } }), 'siteId', 'site');

async function serialMustBeFree(ctx: Context, serialNumber: string, exceptId?: string) {
  const holder = await ctx.db.equipment.findUnique({ where: { tenantId_serialNumber: { tenantId: principalOf(ctx).tenantId, serialNumber } }, select: { id: true } });
  if (holder && holder.id !== exceptId) {
    throw new AppError('CONFLICT', `serialNumber: equipment ${holder.id} already has this serial number`, [{ field: 'serialNumber', message: 'is already used by other equipment of the tenant', code: 'TAKEN' }]);
  }
}

export async function createEquipment(ctx: Context, input: NewEquipment) {
  await typeMustExist(ctx, input.equipmentTypeId);
  const site = await siteMustExist(ctx, input.siteId);
  await serialMustBeFree(ctx, input.serialNumber);
  return ctx.db.equipment.create({ data: { ...input, status: input.status ?? undefined, companyId: site.companyId, tenantId: principalOf(ctx).tenantId } });
}

export async function updateEquipment(ctx: Context, id: string, patch: EquipmentPatch) {
  const { equipmentTypeId, siteId, serialNumber, status, ...nullable } = sentFields(patch);
  await getEquipment(ctx, id);
  if (equipmentTypeId) await typeMustExist(ctx, equipmentTypeId);
  const site = siteId ? await siteMustExist(ctx, siteId) : null;
  if (serialNumber) await serialMustBeFree(ctx, serialNumber, id);
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.equipment.update({
      where: { id },
      data: { ...nullable, status: status ?? undefined, serialNumber: serialNumber ?? undefined, equipmentTypeId: equipmentTypeId ?? undefined, ...(site ? { siteId: site.id, companyId: site.companyId } : {}) },
    });
    if (serialNumber || equipmentTypeId) await refreshSearchText(tx, 'equipment', id);
    return updated;
  });
}

import { sqlList } from '../db/sql-list.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { badInput } from '../shared/errors.js';
import { found, mustExist } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';

/** The columns each list's `search` reads (each under a trigram index). */
const pipelineSearch = searchColumns('Pipeline', ['name']);
const stageSearch = searchColumns('PipelineStage', ['name']);

export interface PipelineFilter {
  search?: string | null;
}

export const pipelineOrder: ListOrder = {
  entity: 'Pipeline',
  orderFields: {
    NAME: { column: 'name', description: 'Pipeline name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the pipeline was created.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The pipelines matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listPipelines(ctx: Context, args: ListArgs<PipelineFilter>) {
  const where = { AND: searchWords(args.filter?.search, pipelineSearch) };
  const rows = sqlList(ctx.db, 'Pipeline', where);
  return keysetPage(ctx, pipelineOrder, args, rows.page, rows.count);
}

export function createPipeline(ctx: Context, input: { name: string }) {
  return ctx.db.pipeline.create({ data: { name: input.name, tenantId: principalOf(ctx).tenantId } });
}

export interface StageFilter {
  search?: string | null;
  pipelineId?: string | null;
}

export const stageOrder: ListOrder = {
  entity: 'PipelineStage',
  orderFields: {
    POSITION: { column: 'position', numeric: true, description: 'Order of the stage within its pipeline.' },
    NAME: { column: 'name', description: 'Stage name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the stage was created.' },
  },
  defaultOrder: { field: 'POSITION', direction: 'ASC' },
};

/** The stages matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listStages(ctx: Context, args: ListArgs<StageFilter>) {
  const filter = args.filter ?? {};
  const where = { AND: searchWords(filter.search, stageSearch), pipelineId: filter.pipelineId ?? undefined };
  const rows = sqlList(ctx.db, 'PipelineStage', where);
  return keysetPage(ctx, stageOrder, args, rows.page, rows.count);
}

interface StageFields {
  color?: string | null;
  probability?: number | null;
  position?: number | null;
  isClosedWon?: boolean | null;
  isClosedLost?: boolean | null;
}

export interface NewStage extends StageFields {
  pipelineId: string;
  name: string;
  probability: number;
}

export interface StagePatch extends StageFields {
  name?: string | null;
}

function checkOutcome(stage: { isClosedWon?: boolean | null; isClosedLost?: boolean | null }) {
  if (stage.isClosedWon && stage.isClosedLost) {
    throw badInput([{ field: 'isClosedLost', message: 'a stage cannot be both closed-won and closed-lost' }]);
  }
}

export async function createStage(ctx: Context, input: NewStage) {
  checkOutcome(input);
  await mustExist(ctx.db.pipeline.findUnique({ where: { id: input.pipelineId }, select: { id: true } }), 'pipelineId', 'pipeline');
  const last = await ctx.db.pipelineStage.findFirst({ where: { pipelineId: input.pipelineId }, orderBy: { position: 'desc' }, select: { position: true } });
  return ctx.db.pipelineStage.create({
    data: {
      ...input,
      position: input.position ?? (last ? last.position + 1 : 0),
      isClosedWon: input.isClosedWon ?? false,
      isClosedLost: input.isClosedLost ?? false,
      tenantId: principalOf(ctx).tenantId,
    },
  });
}

/** Changing a stage's probability or outcome does not rewrite its deals: they took theirs when they moved. */
export async function updateStage(ctx: Context, id: string, patch: StagePatch) {
  const current = await found(ctx.db.pipelineStage.findUnique({ where: { id } }), 'Stage');
  const { name, probability, position, isClosedWon, isClosedLost, color } = sentFields(patch);
  checkOutcome({ isClosedWon: isClosedWon ?? current.isClosedWon, isClosedLost: isClosedLost ?? current.isClosedLost });
  return ctx.db.pipelineStage.update({
    where: { id },
    data: {
      name: name ?? undefined,
      probability: probability ?? undefined,
      position: position ?? undefined,
      isClosedWon: isClosedWon ?? undefined,
      isClosedLost: isClosedLost ?? undefined,
      color,
    },
  });
}

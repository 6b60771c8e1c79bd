import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { pageOf } from '../graphql/pagination.js';
import { badInput } from '../shared/errors.js';
import { found, mustExist } from '../shared/references.js';
import { sentFields } from '../shared/validation.js';

export function listPipelines(ctx: Context, args: { page: number; limit: number }) {
  return pageOf(args, ({ skip, take }) =>
    Promise.all([
      ctx.db.pipeline.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], skip, take }),
      ctx.db.pipeline.count(),
    ]),
  );
}

export function createPipeline(ctx: Context, input: { name: string }) {
  return ctx.db.pipeline.create({ data: { name: input.name, tenantId: principalOf(ctx).tenantId } });
}

export function listStages(ctx: Context, args: { page: number; limit: number; pipelineId?: string | null }) {
  const where = { pipelineId: args.pipelineId ?? undefined };
  return pageOf(args, ({ skip, take }) =>
    Promise.all([
      ctx.db.pipelineStage.findMany({ where, orderBy: [{ pipelineId: 'asc' }, { position: 'asc' }, { id: 'asc' }], skip, take }),
      ctx.db.pipelineStage.count({ where }),
    ]),
  );
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

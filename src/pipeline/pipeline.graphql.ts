import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { Node } from '../graphql/node.js';
import { listOf } from '../graphql/read-access.js';
import { defineList } from '../graphql/connection.js';
import { searchDescription } from '../graphql/list-filters.js';
import { optionalText, patchInput, requiredText } from '../shared/validation.js';
import { createPipeline, createStage, listPipelines, listStages, pipelineOrder, stageOrder, updateStage } from './pipeline.service.js';
import { recordPayload } from '../graphql/mutation-payload.js';

const probability = z.number().int().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100');
const position = z.number().int().min(0, 'must be 0 or more').max(10_000, 'must be at most 10000');
const color = optionalText(20);

export const PipelineStage = builder.prismaObject('PipelineStage', {
  interfaces: [Node],
  description: 'A step of a sales pipeline. Moving a deal into a stage gives it the stage probability; closed stages set the outcome.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Stage id.' }),
    pipelineId: t.expose('pipelineId', { type: 'UUID', description: 'Id of the pipeline the stage belongs to.' }),
    name: t.exposeString('name', { description: 'Stage name.' }),
    color: t.exposeString('color', { nullable: true, description: 'Display colour, such as `#4f46e5`.' }),
    probability: t.exposeInt('probability', { description: 'Win probability in percent (0-100) given to deals entering the stage.' }),
    position: t.exposeInt('position', { description: 'Order of the stage within its pipeline, ascending.' }),
    isClosedWon: t.exposeBoolean('isClosedWon', { description: 'Deals entering this stage are won.' }),
    isClosedLost: t.exposeBoolean('isClosedLost', { description: 'Deals entering this stage are lost.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the stage was created.' }),
    pipeline: t.relation('pipeline', { description: 'The pipeline the stage belongs to.' }),
  }),
});

export const Pipeline = builder.prismaObject('Pipeline', {
  interfaces: [Node],
  description: 'A sales pipeline: an ordered list of stages that deals move through.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Pipeline id.' }),
    name: t.exposeString('name', { description: 'Pipeline name.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the pipeline was created.' }),
    stages: t.relation('stages', {
      ...listOf('PipelineStage'),
      description: 'The stages of the pipeline in order, all of them: a short, fixed list that is part of the pipeline, so it is not paged (`pipelineStages` pages and filters stages).',
      query: () => ({ orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const pipelineList = defineList(Pipeline, pipelineOrder, {
  plural: 'pipelines',
  filterDescription: 'Conditions on pipelines; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the pipeline name'), validate: optionalText(200) }),
  }),
});

const stageList = defineList(PipelineStage, stageOrder, {
  plural: 'pipeline stages',
  filterDescription: 'Conditions on pipeline stages; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the stage name'), validate: optionalText(200) }),
    pipelineId: t.field({ type: 'UUID', description: 'Only stages of this pipeline.' }),
  }),
});

const CreatePipelineInput = builder.inputType('CreatePipelineInput', {
  description: 'A new, empty pipeline; add its stages with `createPipelineStage`.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Pipeline name, at most 200 characters.', validate: requiredText(200) }),
  }),
});

const CreateStageInput = builder.inputType('CreatePipelineStageInput', {
  description: 'A new stage. A stage cannot be both closed-won and closed-lost.',
  fields: (t) => ({
    pipelineId: t.field({ type: 'UUID', required: true, description: 'Id of a pipeline of the tenant.' }),
    name: t.string({ required: true, description: 'Stage name, at most 200 characters.', validate: requiredText(200) }),
    probability: t.int({ required: true, description: 'Win probability in percent, 0 to 100.', validate: probability }),
    position: t.int({ description: 'Order within the pipeline; after the last stage when absent.', validate: position }),
    color: t.string({ description: 'Display colour, at most 20 characters.', validate: color }),
    isClosedWon: t.boolean({ description: 'Deals entering this stage are won. Default false.' }),
    isClosedLost: t.boolean({ description: 'Deals entering this stage are lost. Default false.' }),
  }),
});

const UpdateStageInput = builder.inputType('UpdatePipelineStageInput', {
  description: 'Changes to a stage. Absent fields do not change. Deals already in the stage keep their status and probability.',
  validate: patchInput('name', 'probability', 'position', 'isClosedWon', 'isClosedLost'),
  fields: (t) => ({
    name: t.string({ description: 'Stage name, at most 200 characters.', validate: requiredText(200) }),
    probability: t.int({ description: 'Win probability in percent, 0 to 100.', validate: probability }),
    position: t.int({ description: 'Order within the pipeline.', validate: position }),
    color: t.string({ description: 'Display colour; null clears.', validate: color }),
    isClosedWon: t.boolean({ description: 'Deals entering this stage are won.' }),
    isClosedLost: t.boolean({ description: 'Deals entering this stage are lost.' }),
  }),
});

const pipelineScope = { scope: 'pipeline' } as const;

builder.queryFields((t) => ({
  pipelines: t.field({
    type: pipelineList.connection,
    description: 'Sales pipelines of the tenant, by name unless `orderBy` says otherwise.',
    authScopes: pipelineScope,
    args: pipelineList.args(),
    resolve: (_root, args, ctx) => listPipelines(ctx, args),
  }),
  pipelineStages: t.field({
    type: stageList.connection,
    description: "Pipeline stages of the tenant, by position unless `orderBy` says otherwise; filter by `pipelineId` to read one pipeline's stages in order.",
    authScopes: pipelineScope,
    args: stageList.args(),
    resolve: (_root, args, ctx) => listStages(ctx, args),
  }),
}));

const CreatePipelinePayload = recordPayload('createPipeline', 'pipeline', Pipeline);
const CreatePipelineStagePayload = recordPayload('createPipelineStage', 'pipelineStage', PipelineStage);
const UpdatePipelineStagePayload = recordPayload('updatePipelineStage', 'pipelineStage', PipelineStage);

builder.mutationFields((t) => ({
  createPipeline: t.field({
    type: CreatePipelinePayload,
    description: 'Creates a pipeline.',
    authScopes: pipelineScope,
    args: { input: t.arg({ type: CreatePipelineInput, required: true, description: 'The pipeline to create.' }) },
    resolve: (_root, { input }, ctx) => createPipeline(ctx, input),
  }),
  createPipelineStage: t.field({
    type: CreatePipelineStagePayload,
    description: 'Adds a stage to a pipeline.',
    authScopes: pipelineScope,
    args: { input: t.arg({ type: CreateStageInput, required: true, description: 'The stage to create.' }) },
    resolve: (_root, { input }, ctx) => createStage(ctx, input),
  }),
  updatePipelineStage: t.field({
    type: UpdatePipelineStagePayload,
    description: 'Changes a stage.',
    authScopes: pipelineScope,
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Stage id.' }),
      input: t.arg({ type: UpdateStageInput, required: true, description: 'The changes.' }),
    },
    resolve: (_root, { id, input }, ctx) => updateStage(ctx, id, input),
  }),
}));

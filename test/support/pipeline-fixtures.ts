import { expect } from 'vitest';
import type { useHarness } from './harness.js';

type Harness = ReturnType<typeof useHarness>;

/** A pipeline with an open, a closed-won and a closed-lost stage, created over REST. */
export async function salesPipeline({ rest }: Harness, key: string) {
  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await rest('POST', path, { key, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const pipeline = await created('/api/v1/pipeline/pipelines', { name: 'Sales' });
  const stage = (name: string, probability: number, extra: Record<string, unknown> = {}) =>
    created('/api/v1/pipeline/stages', { pipelineId: pipeline.id, name, probability, color: '#336699', ...extra });
  return {
    pipeline,
    qualify: await stage('Qualify', 20),
    proposal: await stage('Proposal', 60),
    won: await stage('Won', 100, { isClosedWon: true }),
    lost: await stage('Lost', 0, { isClosedLost: true }),
  };
}

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/shared/project-root.js';
import { useHarness } from './support/harness.js';

const harness = useHarness();
const { h, tenant } = harness;
const example = join(projectRoot, 'examples/frontend');
const bin = (name: string) => join(projectRoot, 'node_modules/.bin', name);

describe('the frontend example (codegen client preset + urql)', () => {
  beforeAll(() => {
    // Generated from the published schema, then type-checked: a breaking schema change fails here.
    execFileSync(bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent'], { cwd: example, stdio: 'pipe' });
  }, 120_000);

  it('type-checks against schema/schema.graphql', () => {
    expect(() => execFileSync(bin('tsc'), ['-p', example], { stdio: 'pipe' })).not.toThrow();
  }, 120_000);

  it('runs its table and its form against the server', async () => {
    const t = await tenant();
    // Imported by path: the example is type-checked by its own tsconfig above, against its generated types.
    const load = (file: string) => import(pathToFileURL(join(example, 'src', file)).href);
    const [{ clientFor }, { leadsPage }, { submitLead }] = await Promise.all([load('client.ts'), load('leads-table.ts'), load('lead-form.ts')]);
    const client = clientFor('http://localhost/graphql', t.secret, async (url: string, init: RequestInit) => h.app.fetch(String(url), init));
    for (const lastName of ['Cole', 'Abel', 'Berg']) expect(await submitLead(client, { firstName: 'Ann', lastName })).toHaveProperty('id');
    const sorted = await leadsPage(client, { size: 2, orderBy: [{ field: 'LAST_NAME', direction: 'ASC' }], filter: { search: 'ann' } });
    expect(sorted.rows.map((r: { name: string }) => r.name)).toEqual(['Ann Abel', 'Ann Berg']);
    expect(sorted.total).toBe(3);
    const next = await leadsPage(client, { size: 2, orderBy: [{ field: 'LAST_NAME', direction: 'ASC' }], filter: { search: 'ann' }, after: sorted.next ?? undefined });
    expect(next.rows.map((r: { name: string }) => r.name)).toEqual(['Ann Cole']);
    const back = await leadsPage(client, { size: 2, orderBy: [{ field: 'LAST_NAME', direction: 'ASC' }], filter: { search: 'ann' }, before: next.previous ?? undefined });
    expect(back.rows.map((r: { name: string }) => r.name)).toEqual(['Ann Abel', 'Ann Berg']);

    // Every mistake of the form at once, each under its field.
    const refused = await submitLead(client, { firstName: ' ', lastName: 'x'.repeat(256), phone: '1'.repeat(51) });
    expect(refused).toEqual({ errors: { firstName: ['must not be blank'], lastName: ['must be at most 255 characters'], phone: ['must be at most 50 characters'] } });
    expect(await h.db.prisma.lead.count({ where: { tenantId: t.tenantId } })).toBe(3);
  });
});

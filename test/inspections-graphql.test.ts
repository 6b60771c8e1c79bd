import { beforeAll, describe, expect, it } from 'vitest';
import {
  AnswerInspectionDocument,
  ApproveInspectionGqlDocument,
  CreateInspectionGqlDocument,
  DeliverInspectionGqlDocument,
  InspectionListDocument,
  InspectionReportGqlDocument,
  InspectionWithEverythingDocument,
  RecordFindingDocument,
  StartInspectionReviewGqlDocument,
  SubmitInspectionGqlDocument,
} from './generated/operations.js';
import { useHarness } from './support/harness.js';
import { completeAnswers, inspectionWorld } from './support/inspection-fixtures.js';

const harness = useHarness();
const { gql, countStatements } = harness;
let w: Awaited<ReturnType<typeof inspectionWorld>>;

beforeAll(async () => {
  w = await inspectionWorld(harness);
});

const codes = (answer: { errors?: { extensions: { code: string } }[] }) => (answer.errors ?? []).map((e) => e.extensions.code);

describe('inspections over GraphQL', () => {
  it('runs the workflow with the same rules as REST', async () => {
    const { tech, manager } = w.users;
    const created = await gql(tech.key, CreateInspectionGqlDocument, {
      input: { equipmentId: w.equipment.id, siteId: w.site.id, checklistTemplateId: w.template.id, inspectionDate: '2030-04-01', technicianIds: [manager.userId] },
    });
    const id = created.data!.createInspection.inspection!.id;
    expect(created.data?.createInspection.inspection).toMatchObject({ status: 'draft', findingCount: 0 });

    const early = await gql(tech.key, SubmitInspectionGqlDocument, { id });
    expect(codes(early)).toEqual(['BAD_USER_INPUT']);
    expect(early.errors?.[0]?.extensions.details?.map((d) => d.field)).toEqual([['responses', 'brake'], ['responses', 'hook-latch'], ['responses', 'overview']]);
    const wrong = await gql(tech.key, AnswerInspectionDocument, { id, input: { responses: [{ itemId: 'brake', value: 'maybe' }] } });
    expect(wrong.errors?.[0]?.extensions.details).toEqual([{ field: ['input', 'responses', '0', 'value'], message: 'must be "pass" or "fail" (item "brake" is pass_fail)', code: 'INVALID' }]);
    expect((await gql(tech.key, AnswerInspectionDocument, { id, input: { responses: completeAnswers } })).data?.updateInspection.inspection?.responses).toHaveLength(3);
    expect((await gql(tech.key, RecordFindingDocument, { inspectionId: id, input: { severity: 'imminent', description: 'Hook cracked' } })).data?.createFinding.finding?.severity).toBe('imminent');
    expect((await gql(tech.key, SubmitInspectionGqlDocument, { id })).data?.submitInspection.inspection?.status).toBe('submitted');

    const byTechnician = await gql(tech.key, StartInspectionReviewGqlDocument, { id });
    expect(codes(byTechnician)).toEqual(['FORBIDDEN']);
    expect(byTechnician.errors?.[0]?.message).toMatch(/role manager, field_coordinator, system_admin/);
    expect((await gql(manager.key, StartInspectionReviewGqlDocument, { id })).data?.startInspectionReview.inspection?.status).toBe('in_review');
    expect(codes(await gql(manager.key, SubmitInspectionGqlDocument, { id }))).toEqual(['FORBIDDEN']); // not on the team
    expect(codes(await gql(tech.key, SubmitInspectionGqlDocument, { id }))).toEqual(['CONFLICT']);
    expect((await gql(manager.key, ApproveInspectionGqlDocument, { id, input: { overallResult: 'fail' } })).data?.approveInspection.inspection).toMatchObject({ status: 'approved', overallResult: 'fail' });
    expect(codes(await gql(w.key, InspectionReportGqlDocument, { id }))).toEqual(['NOT_FOUND']);
    expect((await gql(manager.key, DeliverInspectionGqlDocument, { id })).data?.deliverInspection.inspection?.status).toBe('delivered');
    const report = await gql(w.key, InspectionReportGqlDocument, { id });
    expect(report.data?.inspectionReport?.emailedTo).toBe('pia@northwind.example');
    expect(Buffer.from(report.data?.inspectionReport?.pdfBase64 ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const everything = await gql(w.key, InspectionWithEverythingDocument, { id });
    // A technician's technicianIds are ignored: the caller leads.
    expect(everything.data?.inspection?.teamMembers).toEqual([{ name: 'Tess Wrench', role: 'lead' }]);
    expect(everything.data?.inspection?.findings).toEqual([{ severity: 'imminent', quoteStatus: 'unquoted', photos: [] }]);
    expect(everything.data?.inspectionHistory?.map((e) => e.toStatus)).toEqual(['draft', 'submitted', 'in_review', 'approved', 'delivered']);
    expect(everything.data?.inspectionHistory?.[0]?.user.name).toBe('Tess Wrench');

    // A missing record is null, without an error, in its detail and its history.
    const missing = await gql(w.key, InspectionWithEverythingDocument, { id: '01a20000-0000-7000-8000-000000000000' });
    expect(missing.data).toEqual({ inspection: null, inspectionHistory: null });
    expect(codes(missing)).toEqual([]);
  });

  it('counts findings for a whole list in one statement, and lists with the equipment the finding took out of service', async () => {
    const ids = [await w.inspectionIn('draft'), await w.inspectionIn('draft')];
    await gql(w.users.tech.key, RecordFindingDocument, { inspectionId: ids[0]!, input: { severity: 'minor', description: 'Paint' } });
    const list = await gql(w.key, InspectionListDocument, { technicianId: w.users.tech.userId });
    const first = list.data?.inspections.nodes.find((i) => i.id === ids[0]);
    expect(first).toMatchObject({ findingCount: 1, equipmentType: { name: 'Overhead crane' }, technician: { name: 'Tess Wrench' } });
    const few = await countStatements(() => gql(w.key, InspectionListDocument, {}));
    for (let i = 0; i < 3; i++) await w.inspectionIn('draft');
    expect(await countStatements(() => gql(w.key, InspectionListDocument, {}))).toBe(few);
  });

  it('searches on GraphQL as on REST', async () => {
    const found = await gql(w.key, InspectionListDocument, { search: `${w.equipment.serialNumber.toLowerCase()} TESS` });
    expect(found.data?.inspections.totalCount).toBeGreaterThan(0);
    expect(found.data?.inspections.nodes.every((i) => i.equipment.serialNumber === w.equipment.serialNumber)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';
import { completeAnswers, inspectionWorld } from './support/inspection-fixtures.js';
import { pdfText } from './support/pdf.js';
import { mailDelivery, settledOutbox, until } from './support/smtp.js';

const harness = useHarness();
const { h, rest } = harness;

describe('the delivered report', () => {
  const smtp = mailDelivery(() => h.db.prisma, 'Reports <reports@inspect.example>');

  async function deliveredInspection(w: Awaited<ReturnType<typeof inspectionWorld>>) {
    const { tech, manager } = w.users;
    const { id } = await w.inspection(tech, { technicianIds: [tech.userId] });
    await rest('PATCH', `/api/inspections/${id}`, { key: tech.key, body: { responses: [...completeAnswers, { itemId: 'remarks', value: 'Runway rails aligned' }], customerSignatureUrl: 'https://sign.example/pia.png', notes: 'Проверено Ωμέγα Šťastný' } });
    const finding = (await rest('POST', `/api/inspections/${id}/findings`, { key: tech.key, body: { severity: 'serious', description: 'Worn wire rope', recommendation: 'Replace rope' } })).body.data;
    await rest('POST', `/api/inspections/${id}/findings/${finding.id}/photos`, { key: tech.key, body: { photoUrl: 'https://p.example/rope.jpg', caption: 'Broken strands near drum', photoType: 'defect' } });
    await rest('POST', `/api/inspections/${id}/findings`, { key: tech.key, body: { severity: 'minor', description: 'Paint flaking on girder' } });
    await w.move(tech, id, 'submit');
    await w.move(manager, id, 'start-review');
    await w.move(manager, id, 'approve', { overallResult: 'conditional' });
    const delivered = await w.move(manager, id, 'deliver');
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    return id;
  }

  it('renders a PDF with the customer, equipment, answers, findings and signature, served as application/pdf', async () => {
    const w = await inspectionWorld(harness);
    const id = await deliveredInspection(w);
    const response = await h.app.fetch(`http://localhost/api/inspections/${id}/report.pdf`, { headers: { authorization: `Bearer ${w.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      w.equipment.serialNumber,
      'CONDITIONAL',
      w.company.name,
      'Dock 4',
      'Overhead crane',
      '2030-03-01',
      'Tess Wrench',
      'Hoist brake holds rated load',
      'Runway rails aligned',
      'Worn wire rope',
      'Broken strands near drum',
      'Paint flaking on girder',
      'https://sign.example/pia.png',
      'Max Review',
      'Проверено Ωμέγα Šťastný',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text.indexOf('Worn wire rope')).toBeLessThan(text.indexOf('Paint flaking on girder'));
    const stored = await h.db.prisma.inspectionReport.findUniqueOrThrow({ where: { inspectionId: id } });
    expect(Buffer.from(stored.pdf).equals(Buffer.from(bytes))).toBe(true);
  });

  it("emails the report, PDF attached, to the customer's primary contact through the outbox", async () => {
    const w = await inspectionWorld(harness, { contactEmail: 'pia@cranes.example' });
    const id = await deliveredInspection(w);
    const mail = await until(() => smtp.received.find((m) => m.to && JSON.stringify(m.to).includes('pia@cranes.example')), 'the report email');
    expect(mail.subject).toBe(`Inspection report: Overhead crane ${w.equipment.serialNumber} (CONDITIONAL)`);
    const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment?.filename).toMatch(/^inspection-.+\.pdf$/);
    expect(await pdfText(new Uint8Array(attachment?.content ?? []))).toContain(w.equipment.serialNumber);
    const outbox = await settledOutbox(h.db.prisma, w.tenantId, 'inspection.report');
    expect(outbox.map((m) => [m.recipient, m.status])).toEqual([['pia@cranes.example', 'sent']]);
    const history = (await rest('GET', `/api/inspections/${id}/history`, { key: w.key })).body.data;
    expect(history.at(-1).note).toBe('report emailed to pia@cranes.example');
  });

  it('delivers without a primary contact email, and the history says the report was not emailed', async () => {
    const w = await inspectionWorld(harness, { contactEmail: null });
    const id = await deliveredInspection(w);
    const history = (await rest('GET', `/api/inspections/${id}/history`, { key: w.key })).body.data;
    expect(history.at(-1)).toMatchObject({ toStatus: 'delivered', note: 'report not emailed: the customer has no primary contact with an email address' });
    expect(await h.db.prisma.outboxMessage.count({ where: { tenantId: w.tenantId } })).toBe(0);
    const report = await h.db.prisma.inspectionReport.findUniqueOrThrow({ where: { inspectionId: id } });
    expect(report.emailedTo).toBeNull();
  });
});

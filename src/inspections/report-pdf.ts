import { BOLD, REGULAR, renderPdf } from '../shared/pdf.js';
import type { ChecklistResponse, ChecklistSection } from './checklist.js';

/** Everything the customer's report shows. */
export interface ReportContent {
  /** The business that inspected (the tenant). */
  inspector: string;
  inspectionId: string;
  inspectionDate: string;
  overallResult: string | null;
  customer: string;
  site: { name: string; address: string | null; city: string | null; state: string | null };
  equipment: { serialNumber: string; manufacturer: string | null; model: string | null; ratedCapacity: string | null; locationLabel: string | null; type: string; oshaStandard: string | null };
  team: { name: string; role: string }[];
  sections: ChecklistSection[];
  responses: ChecklistResponse[];
  findings: { severity: string; description: string; recommendation: string | null; oshaReference: string | null; photos: { caption: string | null; photoType: string }[] }[];
  notes: string | null;
  customerSignatureUrl: string | null;
  approvedBy: string | null;
}

const SEVERITY_ORDER = ['imminent', 'serious', 'minor'];
const SEVERITY_TITLES: Record<string, string> = {
  imminent: 'Imminent: take out of service',
  serious: 'Serious: prompt repair needed',
  minor: 'Minor: routine maintenance',
};

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** Renders the inspection report as a PDF. */
export function renderReport(content: ReportContent): Promise<Buffer> {
  const info = { Title: `Inspection report ${content.equipment.serialNumber}`, Subject: `Inspection ${content.inspectionId}` };
  return renderPdf(info, ({ doc, heading, line }) => {
    doc.font(BOLD).fontSize(18).text('Equipment Inspection Report');
    doc.font(REGULAR).fontSize(11).text(content.inspector);
    doc.fontSize(10).moveDown(0.5);
    line('Overall result', (content.overallResult ?? 'not set').toUpperCase());
    line('Inspection date', content.inspectionDate);
    line('Report id', content.inspectionId);

    heading('Customer and site');
    line('Customer', content.customer);
    line('Site', joined(content.site.name, content.site.address, content.site.city, content.site.state));

    heading('Equipment');
    line('Type', joined(content.equipment.type, content.equipment.oshaStandard && `OSHA ${content.equipment.oshaStandard}`));
    line('Serial number', content.equipment.serialNumber);
    line('Manufacturer and model', joined(content.equipment.manufacturer, content.equipment.model));
    line('Rated capacity', content.equipment.ratedCapacity);
    line('Location', content.equipment.locationLabel);

    heading('Inspection team');
    for (const member of content.team) doc.text(`${member.name} (${member.role})`);
    if (content.approvedBy) line('Approved by', content.approvedBy);

    const answers = new Map(content.responses.map((r) => [r.itemId, r]));
    for (const section of content.sections) {
      heading(section.title);
      for (const item of section.items) {
        const answer = answers.get(item.id);
        line(item.prompt, answer ? answer.value : 'not answered');
        if (answer?.note) doc.fillColor('#555555').text(`   Note: ${answer.note}`).fillColor('black');
      }
    }

    heading(`Findings (${content.findings.length})`);
    if (!content.findings.length) doc.text('No findings.');
    for (const severity of SEVERITY_ORDER) {
      const findings = content.findings.filter((f) => f.severity === severity);
      if (!findings.length) continue;
      doc.moveDown(0.3).font(BOLD).text(SEVERITY_TITLES[severity] ?? severity).font(REGULAR);
      for (const finding of findings) {
        doc.text(`- ${finding.description}`);
        if (finding.recommendation) doc.text(`  Recommendation: ${finding.recommendation}`);
        if (finding.oshaReference) doc.text(`  OSHA reference: ${finding.oshaReference}`);
        for (const photo of finding.photos) doc.text(`  Photo (${photo.photoType}): ${photo.caption ?? 'no caption'}`);
      }
    }

    if (content.notes) {
      heading('Notes');
      doc.text(content.notes);
    }
    heading('Customer signature');
    doc.text(content.customerSignatureUrl ?? 'No signature recorded.');
  });
}

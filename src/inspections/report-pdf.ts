import { createRequire } from 'node:module';
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

// DejaVu Sans covers Latin, Greek and Cyrillic (the standard PDF fonts only Western European), so
// customers' and technicians' names print as written. pdfkit embeds only the glyphs used.
const fonts = createRequire(import.meta.url);
const REGULAR = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/**
 * Renders the inspection report as a PDF (pdfkit with an embedded Unicode font, no browser). pdfkit is loaded on
 * the first delivery: importing it costs every process about 24 MB.
 */
export async function renderReport(content: ReportContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Inspection report ${content.equipment.serialNumber}`, Subject: `Inspection ${content.inspectionId}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font(BOLD).fontSize(13).text(text).font(REGULAR).fontSize(10).moveDown(0.3);
  const line = (label: string, value: string | null | undefined) => doc.font(BOLD).text(`${label}: `, { continued: true }).font(REGULAR).text(value || '-');

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
  doc.end();
  return done;
}

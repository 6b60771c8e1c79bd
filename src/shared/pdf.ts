import { createRequire } from 'node:module';

// DejaVu Sans covers Latin, Greek and Cyrillic (the standard PDF fonts only Western European), so
// customers' and technicians' names print as written. pdfkit embeds only the glyphs used.
const fonts = createRequire(import.meta.url);
export const REGULAR = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const BOLD = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Writing helpers on an A4 document in the embedded fonts. */
export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  heading(text: string): void;
  line(label: string, value: string | null | undefined): void;
}

/**
 * Renders a PDF with pdfkit (no browser). pdfkit is loaded on the first render: importing it costs
 * every process about 24 MB, and most never render one.
 */
export async function renderPdf(info: { Title: string; Subject: string }, draw: (writer: PdfWriter) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw({
    doc,
    heading: (text) => doc.moveDown(0.8).font(BOLD).fontSize(13).text(text).font(REGULAR).fontSize(10).moveDown(0.3),
    line: (label, value) => doc.font(BOLD).text(`${label}: `, { continued: true }).font(REGULAR).text(value || '-'),
  });
  doc.end();
  return done;
}

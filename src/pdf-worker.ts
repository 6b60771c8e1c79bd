// The PDF renderer's worker thread (see src/shared/pdf-renderer.ts): it receives what to draw,
// already read from the database and reduced to plain values, and answers the PDF's bytes.
import { renderReport, type ReportContent } from './inspections/report-pdf.js';
import { type InvoicePrintout, renderInvoicePdf } from './invoices/invoice-pdf.js';
import type { PdfJob } from './shared/pdf-renderer.js';

export default async function render(job: PdfJob): Promise<Uint8Array> {
  if (job.kind === 'invoice') return renderInvoicePdf(job.content as InvoicePrintout);
  if (job.kind === 'inspection-report') return renderReport(job.content as ReportContent);
  throw new Error(`no such document: ${String(job.kind)}`);
}

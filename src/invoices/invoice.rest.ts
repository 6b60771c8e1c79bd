import type { RestRoutes } from '../graphql/operations.js';

// The specification's shapes: the list item, and the invoice object the detail and every write answer.
const listItem = 'id invoiceNumber status companyName issuedDate dueDate totalAmount amountPaid balanceDue createdAt';
const lineItem = 'id description quantity unitPrice total sortOrder';
const payment = 'id amount paymentDate paymentMethod referenceNumber notes';
const invoice = `{ id invoiceNumber status companyId contactId quoteId issuedDate dueDate subtotal taxRate taxAmount totalAmount amountPaid balanceDue notes customerNotes customFields sentAt paidAt company { name address: fullAddress } contact { firstName lastName email } lineItems { ${lineItem} } payments { ${payment} } }`;
const event = 'id fromStatus toStatus note occurredAt user { id name }';
const settings = '{ invoicePrefix nextInvoiceNumber }';

export const invoiceRoutes: RestRoutes = {
  'Query.invoices': {
    method: 'GET',
    path: '/invoices',
    summary: 'List invoices',
    select: `{ ${listItem} }`,
    list: { paging: 'page', members: ['total'], filters: { status: 'status', search: 'search', dateFrom: 'issuedDate.from', dateTo: 'issuedDate.to', companyId: 'companyId' } },
  },
  'Mutation.createInvoice': { method: 'POST', path: '/invoices', summary: 'Create a draft invoice', status: 201, select: invoice },
  'Query.invoice': { method: 'GET', path: '/invoices/:id', summary: 'Get an invoice', select: invoice },
  'Mutation.updateInvoice': { method: 'PATCH', path: '/invoices/:id', summary: "Update an invoice's metadata", select: invoice },
  'Mutation.replaceInvoiceLineItems': { method: 'PUT', path: '/invoices/:id/line-items', summary: "Replace a draft's line items", select: invoice },
  'Mutation.sendInvoice': { method: 'POST', path: '/invoices/:id/send', summary: 'Send an invoice', select: invoice },
  'Mutation.markInvoiceViewed': { method: 'POST', path: '/invoices/:id/viewed', summary: 'Mark an invoice as viewed', select: invoice },
  'Mutation.recordInvoicePayment': { method: 'POST', path: '/invoices/:id/payments', summary: 'Record a payment', status: 201, select: invoice },
  'Mutation.voidInvoice': { method: 'POST', path: '/invoices/:id/void', summary: 'Void an invoice', select: invoice },
  'Query.invoiceHistory': { method: 'GET', path: '/invoices/:id/history', summary: "List an invoice's history", envelope: 'data', select: `{ ${event} }` },
  'Query.invoicePdf': {
    method: 'GET',
    path: '/invoices/:id/pdf',
    summary: 'Download an invoice as PDF',
    download: { contentType: 'application/pdf', base64Field: 'pdfBase64' },
    select: '{ pdfBase64 }',
  },
  'Query.invoiceSettings': { method: 'GET', path: '/settings/invoices', summary: 'Get the invoice numbering', envelope: 'data', select: settings },
  'Mutation.updateInvoiceSettings': { method: 'PATCH', path: '/settings/invoices', summary: 'Change the invoice number prefix', envelope: 'data', select: settings },
};

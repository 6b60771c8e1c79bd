import { beforeAll, describe, expect, it } from 'vitest';
import { serverEventLog } from '../src/events/event-rendering.js';
import { sweepOverdueInvoices } from '../src/invoices/invoice-overdue.js';
import { InvoiceHistoryGqlDocument, UpdateInvoiceGqlDocument } from './generated/operations.js';
import { useHarness } from './support/harness.js';
import { type InvoiceWorld, invoiceWorld } from './support/invoice-fixtures.js';

const harness = useHarness();
const { h, rest, gql } = harness;
let w: InvoiceWorld;

beforeAll(async () => {
  w = await invoiceWorld(harness);
});

const stored = async (id: string) => (await h.db.prisma.invoice.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const history = (id: string) => h.db.prisma.invoiceEvent.findMany({ where: { invoiceId: id }, orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }] });

/** Sent, issued long ago and due in the future: only a PATCH of its due date can put it past due. */
async function sentDueLater() {
  const invoice = await w.draft({ issuedDate: '2024-01-02', dueDate: '2099-12-31' });
  return w.send(invoice.id);
}

describe('a PATCH never changes the status', () => {
  it('answers `sent` for a sent invoice whose due date it moves into the past; the overdue move comes after, in the history', async () => {
    const invoice = await sentDueLater();
    const patched = await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { dueDate: '2024-02-01' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ dueDate: '2024-02-01', status: 'sent' });
    expect(await stored(invoice.id)).toBe('sent');

    // The next read applies the scheduled move first: a transition of its own, recorded without a user.
    expect((await rest('GET', `/api/invoices/${invoice.id}`, { key: w.key })).body.status).toBe('overdue');
    expect(await stored(invoice.id)).toBe('overdue');
    const steps = await history(invoice.id);
    expect(steps.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'draft'], ['draft', 'sent'], ['sent', 'overdue']]);
    expect(steps.at(-1)).toMatchObject({ userId: null, note: 'due 2024-02-01, unpaid' });
    const overHttp = await rest('GET', `/api/invoices/${invoice.id}/history`, { key: w.key });
    expect(overHttp.body.data.at(-1)).toMatchObject({ fromStatus: 'sent', toStatus: 'overdue', user: null });
    const overGraphql = await gql(w.key, InvoiceHistoryGqlDocument, { id: invoice.id });
    expect(overGraphql.data?.invoiceHistory?.at(-1)).toEqual({ fromStatus: 'sent', toStatus: 'overdue', note: 'due 2024-02-01, unpaid', user: null });
  });

  it('answers `overdue` for an overdue invoice whose due date it moves into the future, on both surfaces', async () => {
    const first = await w.inStatus('overdue');
    expect(first.status).toBe('overdue');
    const patched = await rest('PATCH', `/api/invoices/${first.id}`, { key: w.key, body: { dueDate: '2099-06-01' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ dueDate: '2099-06-01', status: 'overdue' });
    expect(await stored(first.id)).toBe('overdue');
    expect((await rest('GET', `/api/invoices/${first.id}`, { key: w.key })).body.status).toBe('overdue');

    const second = await w.inStatus('overdue');
    const updated = await gql(w.key, UpdateInvoiceGqlDocument, { id: second.id, input: { dueDate: '2099-06-01' } });
    expect(updated.data?.updateInvoice.invoice).toMatchObject({ dueDate: '2099-06-01', status: 'overdue' });
    expect(await stored(second.id)).toBe('overdue');
    const ids = (await rest('GET', '/api/invoices?status=overdue&limit=100', { key: w.key })).body.data.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('keeps `?status=sent` and `?status=overdue` apart after a PATCH into the past', async () => {
    const invoice = await sentDueLater();
    await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { dueDate: '2024-03-01' } });
    const ids = async (status: string) => (await rest('GET', `/api/invoices?status=${status}&limit=100`, { key: w.key })).body.data.map((i: { id: string }) => i.id);
    expect(await ids('overdue')).toContain(invoice.id);
    expect(await ids('sent')).not.toContain(invoice.id);
  });
});

describe('a read with nothing due', () => {
  it('writes nothing (one statement tells it, without a transaction), and the next read after an invoice falls due moves it', async () => {
    const invoice = await sentDueLater();
    await rest('GET', '/api/invoices?limit=1', { key: w.key }); // whatever earlier tests left due is moved now
    const writes = (statements: string[]) => statements.filter((statement) => /^\s*(BEGIN|COMMIT|UPDATE|INSERT)\b/i.test(statement));
    for (const path of ['/api/invoices?limit=5', `/api/invoices/${invoice.id}`]) {
      expect(writes(await harness.statementsDuring(() => rest('GET', path, { key: w.key }))), path).toEqual([]);
    }
    expect((await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { dueDate: '2024-04-01' } })).status).toBe(200);
    let answered: string | undefined;
    const statements = await harness.statementsDuring(async () => {
      answered = (await rest('GET', `/api/invoices/${invoice.id}`, { key: w.key })).body.status;
    });
    expect(answered).toBe('overdue');
    expect(writes(statements).some((statement) => statement.includes('UPDATE "Invoice"'))).toBe(true);
    expect(await stored(invoice.id)).toBe('overdue');
  });
});

describe('the scheduled move', () => {
  it('moves each invoice once however many sweeps and reads run at once (several processes), viewed and partially paid ones too', async () => {
    const sent = await sentDueLater();
    const viewed = await w.call('POST', `/${(await sentDueLater()).id}/viewed`);
    const partly = await w.pay((await sentDueLater()).id, '10.00');
    const paid = await sentDueLater();
    await w.pay(paid.id, paid.totalAmount);
    const invoices = [sent, viewed, partly, paid];
    for (const invoice of invoices) expect((await rest('PATCH', `/api/invoices/${invoice.id}`, { key: w.key, body: { dueDate: '2024-02-01' } })).status).toBe(200);
    expect(await Promise.all(invoices.map((i) => stored(i.id)))).toEqual(['sent', 'viewed', 'partially_paid', 'paid']);

    await Promise.all([
      ...Array.from({ length: 4 }, () => sweepOverdueInvoices(h.db.prisma, { now: () => new Date(), events: serverEventLog({ prisma: h.db.prisma, publicUrl: 'http://localhost', now: () => new Date() }) })),
      rest('GET', '/api/invoices?status=overdue&limit=100', { key: w.key }),
      rest('GET', `/api/invoices/${sent.id}`, { key: w.key }),
    ]);
    expect(await Promise.all(invoices.map((i) => stored(i.id)))).toEqual(['overdue', 'overdue', 'overdue', 'paid']);
    for (const [invoice, from] of [[sent, 'sent'], [viewed, 'viewed'], [partly, 'partially_paid']] as const) {
      const moves = (await history(invoice.id)).filter((e) => e.toStatus === 'overdue');
      expect(moves.map((e) => [e.fromStatus, e.userId])).toEqual([[from, null]]);
    }
    expect(await sweepOverdueInvoices(h.db.prisma, { now: () => new Date(), events: serverEventLog({ prisma: h.db.prisma, publicUrl: 'http://localhost', now: () => new Date() }) })).toEqual([]);
  });
});

describe('a backlog of invoices falling due at once', () => {
  it('is moved in bounded transactions by one read, each invoice once, each with its invoice.overdue event', async () => {
    const fresh = await invoiceWorld(harness);
    // 120 sent invoices due in the future, then their due dates moved into the past at once (as an import or downtime leaves them).
    const sent: string[] = [];
    for (let i = 0; i < 120; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, async () => (await fresh.send((await fresh.draft({ issuedDate: '2024-01-02', dueDate: '2099-12-31' })).id)).id));
      sent.push(...batch);
    }
    await h.db.prisma.invoice.updateMany({ where: { id: { in: sent } }, data: { dueDate: new Date('2024-02-01') } });
    const listed = await rest('GET', '/api/invoices?status=overdue&limit=100', { key: fresh.key });
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(120);
    expect(await h.db.prisma.invoice.count({ where: { id: { in: sent }, status: 'overdue' } })).toBe(120);
    const events = await h.db.prisma.event.findMany({ where: { tenantId: fresh.me.tenantId, type: 'invoice.overdue' }, select: { data: true } });
    expect(events).toHaveLength(120);
    expect(new Set(events.map((e) => (e.data as { id: string }).id))).toEqual(new Set(sent));
  }, 120_000);
});

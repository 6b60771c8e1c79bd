import type { Prisma } from '../generated/prisma/client.js';

/** Where a company's documents are emailed: its primary contact with an email address (the oldest, should there be two), or null. */
export const primaryContactWithEmail = (db: Prisma.TransactionClient, companyId: string) =>
  db.contact.findFirst({
    where: { companyId, isPrimary: true, email: { not: null } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { email: true, firstName: true },
  });

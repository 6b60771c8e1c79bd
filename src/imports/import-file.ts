import { scopedDriver, scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { AppError } from '../shared/errors.js';
import type { SpreadsheetFormat } from './spreadsheet.js';

/** How much of a file one stored piece holds: a statement's worth, never the whole file. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** A file past the import limit (`IMPORT_MAX_BYTES`): refused as its bytes arrive, before it is read whole. */
export const fileTooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `Import files are limited to ${maxBytes} bytes (IMPORT_MAX_BYTES); split the file, or import it in parts`);

export interface NewImportFile {
  format: SpreadsheetFormat;
  charset?: string;
  fileName?: string;
}

/**
 * Stores a file as its bytes arrive, in pieces of `FILE_CHUNK_BYTES`, so the server holds one
 * piece at a time whatever the file's size, and refuses it (PAYLOAD_TOO_LARGE) as soon as it
 * passes `maxBytes`, before reading the rest. The file is usable once `storedAt` is set, after its
 * last piece; a refused upload is deleted, and one cut off by a dying process is swept.
 */
export async function storeImportFile(db: TenantDb, bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, file: NewImportFile, maxBytes: number): Promise<{ id: string; bytes: number }> {
  const driver = scopedDriver(db);
  const { id } = await db.importFile.create({ data: { format: file.format, charset: file.charset ?? null, fileName: file.fileName?.slice(0, 255) ?? null } as never, select: { id: true } });
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const piece = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    // Through the driver, as bytes: Prisma keeps its last hundred calls' parameters, so every piece
    // passed through it stayed in memory until a hundred later statements pushed it out.
    await driver.execute('INSERT INTO "ImportFileChunk" ("fileId", "tenantId", seq, bytes) VALUES ($1::uuid, $2::uuid, $3, $4::bytea)', [id, scopedTenantId(db), seq++, piece]);
  };
  try {
    for await (const chunk of bytes) {
      size += chunk.byteLength;
      if (size > maxBytes) throw fileTooLarge(maxBytes);
      pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= FILE_CHUNK_BYTES) await flush();
    }
    await flush();
    await db.importFile.update({ where: { id }, data: { bytes: size, storedAt: new Date() } });
  } catch (error) {
    await db.importFile.delete({ where: { id } });
    throw error;
  }
  return { id, bytes: size };
}

/** A stored file's bytes in order, one piece read at a time. */
export async function* storedImportFile(db: TenantDb, fileId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [piece] = await db.$queryRaw<{ bytes: string }[]>`
      SELECT encode(bytes, 'base64') AS bytes FROM "ImportFileChunk" WHERE "fileId" = ${fileId}::uuid AND "tenantId" = ${scopedTenantId(db)}::uuid AND seq = ${seq}`;
    if (!piece) return;
    yield Buffer.from(piece.bytes, 'base64');
  }
}

/** How long an uploaded file is kept, so it can be imported again (after a dry run) or its rows read back. */
export const IMPORT_FILE_DAYS = 7;

/**
 * Deletes the bytes of import files past their keeping, and the files no import used (an upload
 * cut off, or never imported) after a day; a file some import names keeps its row, without bytes.
 */
export async function sweepImportFiles(prisma: PrismaClient, now: Date): Promise<number> {
  const expired = new Date(now.getTime() - IMPORT_FILE_DAYS * 86_400_000);
  const unused = new Date(now.getTime() - 86_400_000);
  const [chunks, files] = await prisma.$transaction([
    prisma.importFileChunk.deleteMany({ where: { file: { createdAt: { lt: expired }, jobs: { none: { status: { in: ['queued', 'running'] } } } } } }),
    prisma.importFile.deleteMany({ where: { createdAt: { lt: unused }, jobs: { none: {} } } }),
  ]);
  return chunks.count + files.count;
}

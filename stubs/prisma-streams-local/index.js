// `prisma dev` (Prisma's local development server) is the only caller; this project does not use it.
export function startLocalDurableStreamsServer() {
  throw new Error('@prisma/streams-local is not installed in this project: `prisma dev` is not supported here (see docs/operations.md, "Node and npm")');
}

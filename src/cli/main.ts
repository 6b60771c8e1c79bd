import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { AppError } from '../shared/errors.js';
import { UsageError, commands } from './commands.js';

/**
 * `npm run --silent cli -- <command>`: prints one JSON object on stdout and exits 0, or one line
 * on stderr and exits non-zero. Uses the server's database settings; on the embedded database it
 * goes through the running server's socket when a server holds the data directory.
 */
async function main(argv: string[]): Promise<number> {
  const name = argv.slice(0, 2).join(' ');
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"; commands: ${Object.keys(commands).join(', ')}`);
  const { values } = parseArgs({ args: argv.slice(2), options: command.options, strict: true, allowPositionals: false });
  const db = await openDatabase(loadConfig(), { share: false });
  try {
    const result = await command.run(db.prisma, values);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof AppError && error.details?.length
        ? error.details.map((d) => `${d.field}: ${d.message}`).join('; ')
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`error: ${message.replace(/\s+/g, ' ')}\n`);
    process.exit(error instanceof UsageError || (error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') ? 2 : 1);
  },
);

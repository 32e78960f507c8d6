// npm run files:orphans -w apps/server [-- --repair]: reports (and with --repair removes) orphan
// attachment files and rows without a file, in every archive, on the configured store.
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/database.ts';
import { fileStoreOf } from './file-store.ts';
import { findOrphans } from './orphans.ts';

const repair = process.argv.includes('--repair');
const print = (line: string) => process.stdout.write(`${line}\n`);
const config = loadConfig();
const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const store = await fileStoreOf(config);
let problems = 0;
try {
  const archives = await database.db.selectFrom('archives').select('id').orderBy('id').execute();
  for (const { id } of archives) {
    const report = await findOrphans(database.db, store, Number(id), { repair });
    const count =
      report.filesWithoutRow.length + report.staleTemporaryFiles.length + report.rowsWithoutFile.length;
    problems += count;
    if (count === 0) continue;
    print(
      `archivio ${id}: ${report.filesWithoutRow.length} file senza allegato, ${report.staleTemporaryFiles.length} caricamenti interrotti, ${report.rowsWithoutFile.length} allegati senza file${repair ? ' (rimossi)' : ''}`,
    );
    for (const row of report.rowsWithoutFile.slice(0, 20))
      print(`  allegato ${row.id} ${row.nomeFile}: file mancante`);
  }
  print(problems === 0 ? 'Nessun file orfano.' : repair ? 'Riparato.' : 'Usa --repair per rimuoverli.');
} finally {
  store.close();
  await database.destroy();
}

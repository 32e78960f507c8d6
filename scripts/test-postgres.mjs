// Runs the server suite again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it); otherwise
// says loudly that it was skipped.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.warn('⚠️  PostgreSQL suite skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run it');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DIALECT: 'postgres' },
});
process.exit(result.status ?? 1);

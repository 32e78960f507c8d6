import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest keeps one core for itself by default, which leaves a 2-core CI machine one test file at
    // a time; the route files spend much of their time waiting on the database, so a second file
    // runs in that time. Every file has its own database (in-memory SQLite or its own PostgreSQL
    // schema) and its own Redis prefix, so files may run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

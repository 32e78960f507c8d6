import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each file builds its own app on its own database (test/build-test-app.ts) and restores what it
    // fakes (timers), so the files of a worker share one module graph: importing the server's modules
    // again for every file took about as long as the tests themselves.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', '../../packages/network-sandbox/src/store/schema.ts'],
  out: './drizzle',
});

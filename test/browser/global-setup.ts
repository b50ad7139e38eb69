/**
 * Builds the app once (with the worker harness page) and serves the build with `vite preview`,
 * which also serves the shared models folder at /models/ (scripts/serve-models.ts).
 * LOCI_SKIP_BUILD=1 reuses the last test build when iterating on the tests themselves.
 */
import type { TestProject } from 'vitest/node';
import { buildApp, startPreview } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.LOCI_SKIP_BUILD !== '1') await buildApp();
  const server = await startPreview();
  project.provide('baseURL', server.url);
  return () => server.close();
}

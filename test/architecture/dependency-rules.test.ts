/**
 * The import rules that `npm run lint:deps` enforces must catch what they claim to: the project's own
 * configs (dependency-cruiser for every file, ESLint for what a Svelte component imports, types
 * included) are run over a fixture tree that breaks each rule once, beside imports the rules allow.
 * (That the real tree passes is `npm run lint:deps` itself, which `npm test` runs before vitest.)
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';

const config = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url));
const eslintConfig = fileURLToPath(new URL('../../eslint.config.js', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/dep-rules', import.meta.url));

async function violations(): Promise<IViolation[]> {
  const options = await extractDepcruiseOptions(config);
  const { output } = await cruise(['src', 'workers'], { ...options, baseDir: fixture });
  if (typeof output === 'string') throw new Error('expected a cruise result, got a report');
  return output.summary.violations;
}

/** One line per violation; a package's path is cut to its name, wherever node_modules is. */
function describeViolation(v: IViolation): string {
  const to = v.to.replace(/^.*node_modules\/([^/]+)\/.*$/, '$1');
  return `${v.rule.name}: ${v.from} → ${to}`;
}

describe('the dependency rules', () => {
  it('report every forbidden import in the fixture, and nothing else', async () => {
    const found = (await violations()).map(describeViolation).sort();
    expect(found).toEqual(
      [
        'adapters-import-only-core: src/browser-storage/embeds.ts → src/models/embed.ts',
        'browser-code-without-node-builtins: src/core/reads-disk.ts → fs/promises',
        'client-imports-only-protocol: src/client/runs-work.ts → workers/work.ts',
        'client-imports-only-protocol: src/client/uses-core.ts → src/core/lexical.ts',
        'core-imports-only-core: src/core/missing.ts → ./nowhere.ts',
        'core-imports-only-core: src/core/opens-db.ts → idb',
        'core-imports-only-core: src/core/reads-disk.ts → fs/promises',
        'no-circular: src/core/cycle-a.ts → src/core/cycle-b.ts',
        'no-unresolvable: src/core/missing.ts → ./nowhere.ts',
        'protocol-imports-only-core-and-model-facts: src/protocol/embeds.ts → src/models/embed.ts',
        'protocol-imports-only-core-and-model-facts: src/protocol/serves.ts → workers/work.ts',
        'ui-imports-only-client-and-protocol: src/app/CodeCore.svelte → src/core/lexical.ts',
        'ui-imports-only-client-and-protocol: src/app/embeds.ts → src/models/embed.ts',
        'ui-imports-only-client-and-protocol: src/app/lists-models.ts → src/models/registry.ts',
        'ui-imports-only-client-and-protocol: src/app/reads-core.ts → src/core/lexical.ts',
        'ui-imports-only-client-and-protocol: src/app/saves.ts → src/browser-storage/save.ts',
        'ui-imports-only-client-and-protocol: src/app/spawns.ts → workers/work.ts',
        'ui-without-model-or-storage-libraries: src/app/opens-db.ts → idb',
        'workers-not-into-ui-client-or-tools: workers/uses-client.ts → src/client/worker-client.ts',
      ].sort(),
    );
  });

  it("see a component's type-only imports, which dependency-cruiser cannot", async () => {
    const eslint = new ESLint({ cwd: fixture, overrideConfigFile: eslintConfig });
    const results = await eslint.lintFiles(['src/app/**/*.svelte']);
    const found = results
      .flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${r.filePath.slice(fixture.length + 1)}:${m.line}`))
      .sort();
    // the value import (which dependency-cruiser sees as well) and the type-only one; the contract's types pass
    expect(found).toEqual(['no-restricted-imports: src/app/CodeCore.svelte:3', 'no-restricted-imports: src/app/TypesCore.svelte:3']);
    expect(results.map((r) => r.filePath.slice(fixture.length + 1)).sort()).toEqual(['src/app/Asks.svelte', 'src/app/CodeCore.svelte', 'src/app/TypesCore.svelte']);
  });
});

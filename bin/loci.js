#!/usr/bin/env node
// The CLI is TypeScript run as is: tsx compiles it on load, so there is no separate build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

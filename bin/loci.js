#!/usr/bin/env node
// The CLI is TypeScript with no build step to run by hand: esbuild compiles it into one module the
// first time it runs after a change (compile-cli.js), and later starts load that module as it is.
// `node --enable-source-maps bin/loci.js` shows stack traces with the TypeScript's lines.
import { compiledCli } from './compile-cli.js';

const { main } = await import(await compiledCli());
process.exitCode = await main(process.argv.slice(2));

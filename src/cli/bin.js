#!/usr/bin/env node
// The `autograph` executable (package.json "bin"): registers tsx's loader so the CLI and the
// user's .ts modules load, then runs src/cli/main.ts with the command-line arguments.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// The `autograph` executable (package.json "bin", built to dist/cli/bin.js): runs the CLI on the
// command-line arguments. Targets written in TypeScript load through tsx when it is installed
// (load-module.ts registers it). Needs main. Produces the process's exit code.

import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));

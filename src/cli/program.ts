// The `autograph` command line, declared with commander: commands, options, help texts (with the
// exit codes). Each command's action is in ./commands, loaded when it runs. Needs commander. Produces `buildProgram`.

import { Command, Option } from 'commander';
import { version } from '../platform/version.js';
import type { ExecutorName } from '../exec/executor.js';

const TARGET =
  '<file>[#export] is a .js, .mjs or .ts module and, optionally, the name of an exported or top-level function\n' +
  '(default: the default export, or the only function the module exports).';

/** The module the examples of the help texts use (the user writes it: the package ships no samples). */
const EXAMPLE_MODULE = `The examples use a module of your own, model.ts:
  export function collatz(a) { let n = 0; while (a != 1) { a = a % 2 == 0 ? Math.floor(a / 2) : 3 * a + 1; n++; } return n; }
  export function huber(x) { return tf.abs(x) <= 1 ? x * x / 2 : tf.abs(x) - 0.5; }
`;

const SPEC_HELP =
  'input specs, one SHAPE:DTYPE per argument, e.g. "[3]:float32,[]:int32" (? or null: unknown dimension)';
const ARGS_HELP =
  'inputs, one VALUE[:DTYPE] per argument, e.g. "[1,2,3]:float32,5:int32" (bare numbers are float32; :js passes a plain JS value)';

const EXIT_CODES = `
Exit codes:
  0  success
  1  user error: missing file or export, a function that cannot be converted or traced, an error while it runs
  2  usage error: unknown command or option, a missing or malformed option (--spec, --args)`;

const SCOPE_NOTE = `
Loading: the module is imported once, converted in place as node --import autograph-ts/register
converts it, so its functions keep their closures and its top-level code (jit calls included) runs
as it would; what that code prints goes to stderr, leaving stdout to the command. A function it
reaches at run time sees the module's imports, top-level bindings and exports, tf and ag.
Reports: AUTOGRAPH_VERBOSITY=1-3 (stderr); AUTOGRAPH_SILENCE_WARNINGS=all or ids.`;

/**
 * An action that loads its command module (and tfjs, on the cpu backend) only when it runs, so
 * --help and usage errors answer fast.
 */
function lazy<O>(
  load: () => Promise<(target: string, opts: O) => Promise<void>>,
): (target: string, opts: O) => Promise<void> {
  return async (target, opts) => {
    // The whole tfjs API when the app has it (its module may use layers), else the core and its cpu backend.
    await import('@tensorflow/tfjs').catch(() => import('@tensorflow/tfjs-backend-cpu'));
    const tf = await import('@tensorflow/tfjs-core');
    tf.enableProdMode(); // no "install tfjs-node" banner in the output
    await tf.setBackend('cpu');
    await (
      await load()
    )(target, opts);
  };
}

/** `--executor`'s choices: every ExecutorName, and only those (tsc checks both ways). */
const EXECUTOR_CHOICES = ['compiled', 'interpreter', 'onnxruntime'] as const satisfies readonly ExecutorName[];
// A name of ExecutorName missing from the list makes this line a type error.
const _everyExecutorListed: [Exclude<ExecutorName, (typeof EXECUTOR_CHOICES)[number]>] extends [never] ? true : never =
  true;

function executorOption(): Option {
  return new Option('--executor <name>', 'the executor of the traced graph')
    .choices(EXECUTOR_CHOICES)
    .default('compiled');
}

export function buildProgram(): Command {
  const program = new Command('autograph')
    .description(
      'AutoGraph for TensorFlow.js: convert a function with ordinary control flow to a graph; show, export, run and time it.',
    )
    .version(version)
    .option('--stack', 'print stack traces of errors')
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      `\n${TARGET}\n${SCOPE_NOTE}\n${EXIT_CODES}\n\n${EXAMPLE_MODULE}\nExamples:
  autograph code model.ts#collatz
  autograph graph model.ts#huber --spec "[]:float32"
  autograph graph model.ts#collatz --spec "[]:int32" --passes
  autograph run model.ts#collatz --args "27:int32"
  autograph svg model.ts#huber --spec "[]" --html -o huber.html`,
    );

  const help = (cmd: Command, examples: string) =>
    cmd.addHelpText('after', `\n${TARGET}\n${EXIT_CODES}\n\nExample (model.ts: see autograph --help):\n  ${examples}`);

  help(
    program
      .command('code')
      .description('print the JS that AutoGraph generates for the function (toCode)')
      .argument('<file[#export]>', 'the module and function')
      .option('--until <pass>', 'stop after this conversion pass (debugging)')
      .action(lazy(async () => (await import('./commands/code.js')).codeCommand)),
    'autograph code model.ts#collatz',
  );

  help(
    program
      .command('graph')
      .description('print the graph (IR) the executor runs for the given input specs: the trace after the optimizer')
      .argument('<file[#export]>', 'the module and function')
      .option('--spec <specs>', SPEC_HELP)
      .option('--args <values>', `trace on concrete inputs instead of specs: ${ARGS_HELP}`)
      .option('--trace', 'print the trace as recorded, before the optimizer')
      .option('--passes', 'print the trace, then what each optimizer pass changed (before → after)')
      .option('--sources', 'end each line with the file:line of the code that made it')
      .action(lazy(async () => (await import('./commands/graph.js')).graphCommand)),
    'autograph graph model.ts#huber --spec "[]:float32"',
  );

  help(
    program
      .command('svg')
      .description(
        'draw the graph the executor runs (optimized): SVG (default), the HTML viewer (--html) or DOT text (--dot)',
      )
      .argument('<file[#export]>', 'the module and function')
      .option('--spec <specs>', SPEC_HELP)
      .option('--args <values>', `trace on concrete inputs instead of specs: ${ARGS_HELP}`)
      .option('--trace', 'draw the trace as recorded, before the optimizer')
      .option('--html', 'write the collapsible HTML viewer instead of a bare SVG')
      .option('--dot', 'write Graphviz DOT text instead of SVG')
      .option('-o, --output <file>', 'write to this file instead of stdout')
      .action(lazy(async () => (await import('./commands/svg.js')).svgCommand)),
    'autograph svg model.ts#huber --spec "[]" -o huber.svg',
  );

  help(
    program
      .command('export')
      .description('export the traced graph as an ONNX model, a TF.js GraphModel folder, or another export format')
      .argument('<file[#export]>', 'the module and function')
      .option('--spec <specs>', SPEC_HELP)
      .option('--args <values>', `trace on concrete inputs instead of specs: ${ARGS_HELP}`)
      .option('--onnx <file>', 'write an ONNX model (opset 18) to this file')
      .option('--graph-model <dir>', 'write a TF.js GraphModel (model.json + weights) into this folder')
      .option(
        '--format <format>',
        'write this export format (onnx, graph-model, dot, svg, html: those of ag.save) to --output',
      )
      .option('-o, --output <path>', 'where --format writes: a file, or a folder for graph-model')
      .action(lazy(async () => (await import('./commands/export.js')).exportCommand)),
    'autograph export model.ts#huber --spec "[]" --onnx huber.onnx',
  );

  help(
    program
      .command('run')
      .description('call the function (through jit) on the given inputs and print its outputs')
      .argument('<file[#export]>', 'the module and function')
      .option('--args <values>', ARGS_HELP)
      .addOption(executorOption())
      .option('--eager', 'run the converted code eagerly instead of through jit')
      .option('--json', 'print the outputs as JSON ({ dtype, shape, value } per tensor)')
      .action(lazy(async () => (await import('./commands/run.js')).runCommand)),
    'autograph run model.ts#collatz --args "27:int32"',
  );

  help(
    program
      .command('bench')
      .description('time the converted code run eagerly against the jit function on the given inputs')
      .argument('<file[#export]>', 'the module and function')
      .option('--args <values>', ARGS_HELP)
      .addOption(executorOption())
      .option('--time-ms <ms>', 'how long to time each variant', '300')
      .action(lazy(async () => (await import('./commands/bench.js')).benchCommand)),
    'autograph bench model.ts#collatz --args "27:int32"',
  );

  program
    .command('check')
    .description('type-check a project as tsc --noEmit does, with tensor operators typed inside converted functions')
    .argument(
      '[tsconfig-and-tsc-options...]',
      'a tsconfig.json or its folder (default: found from the current folder), and tsc options such as --strict',
    )
    .allowUnknownOption()
    .addHelpText(
      'after',
      '\n--watch (-w) checks again on every change, as tsc --watch does, until stopped (Ctrl+C).\n\nExit codes (those of tsc):\n  0  no errors\n  1  the command line or the project cannot be read\n  2  the program has errors (printed as tsc prints them)\n\nExamples:\n  autograph check examples --strict\n  autograph check --watch',
    )
    .action(async (_args: string[], _opts: unknown, cmd: Command) =>
      (await import('./commands/check.js')).checkCommand(cmd.args),
    );

  return program;
}

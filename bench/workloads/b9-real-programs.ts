// B9: the cores of three real tfjs programs (examples/tfjs-programs/), as the programs run them, jit
// against tfjs eager on the same backend: lstm-text-generation's sampling loop (generateText: the
// jitted predict, sample() with its dataSync read), translation's greedy decode (decodeWithSteps:
// jitted encoder and decoder step, the loop and the reads in JS; decodeSequence as written beside
// it), cart-pole's game loop (a whole episode in one jit call: a staged while loop). One row per
// form: the functional form traced with `{ autograph: false }` where the program has one, and the
// program's own source converted (`[converted]`). Results: the drawn characters, the decoded
// sentence, the episode's step count and final state. Needs harness, contenders, the programs.
// Produces `b9` (B9.lstm, B9.translation, B9.cart-pole).

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { defaultJit, readAndDispose, refs, type BackendName, type Contender, type Workload } from '../harness.js';
import { perBackend, type PerBackend } from '../contenders.js';
import * as lstm from '../../examples/tfjs-programs/lstm-text-generation.js';
import * as translation from '../../examples/tfjs-programs/translation.js';
import * as cartPole from '../../examples/tfjs-programs/cart-pole.js';

const BACKENDS: readonly BackendName[] = ['cpu', 'wasm'];
const quiet = (): void => {};

/** What a row runs on one input: the values checked against eager cpu; `dispose` frees its traces. */
interface Program<I> {
  run(input: I): number[];
  dispose?(): void;
}

/** jit functions' traces, freed when a row is done. */
function disposeTraces(fns: readonly ag.JitFunction[]): void {
  for (const f of fns) for (const cf of f.concreteFunctions()) cf.dispose();
}

/**
 * One row: `make` builds the program on the row's backend (its jit functions are traced by a first
 * call in `prepare`, outside the timing); a batch runs it on every input.
 */
function row<S, I>(o: {
  readonly label: string;
  readonly kind: 'eager' | 'jit';
  readonly backend: BackendName;
  readonly variant?: string;
  readonly judged?: boolean;
  readonly note?: string;
  readonly verify?: 'same-backend';
  readonly state: PerBackend<S>;
  readonly inputs: PerBackend<I[]>;
  readonly make: (state: S) => Program<I>;
}): Contender {
  let list: I[] = [];
  let program: Program<I> | undefined;
  return {
    label: o.label,
    kind: o.kind,
    executor: o.kind === 'jit' ? 'compiled' : undefined,
    variant: o.kind === 'jit' ? (o.variant ?? 'functional') : undefined,
    backend: o.backend,
    judged: o.judged,
    note: o.note,
    verify: o.verify,
    get callsPerBatch() {
      return list.length || 1;
    },
    prepare() {
      list = o.inputs.get();
      program = o.make(o.state.get());
      program.run(list[0]!);
    },
    batch() {
      for (const x of list) program!.run(x);
    },
    result() {
      return list.flatMap((x) => program!.run(x));
    },
    dispose() {
      program?.dispose?.();
    },
  };
}

const bars = [{ kind: 'faster' as const, than: refs.eagerSameBackend, factor: 3, applies: defaultJit }];
const barText = '≥ 3× tfjs eager on the same backend';

// ── lstm-text-generation: the sampling loop ───────────────────────────────────────────────────

const GENERATED = 16;
const TEMPERATURE = 0.6;
const corpus = lstm.text(200);

const charIndices = (s: string): number[] => [...s].map((c) => lstm.CHARSET.indexOf(c));

function lstmWorkload(): Workload {
  return {
    id: 'B9.lstm',
    title: `lstm-text-generation: generateText, ${GENERATED} characters from an ${lstm.SAMPLE_LEN}-character window (LSTM ${lstm.LSTM_UNITS} units), sample() reading each draw`,
    barText,
    bars,
    contenders() {
      const models = perBackend(
        () => lstm.makeModel(),
        (m) => m.dispose(),
      );
      const seeds = perBackend(() => [0, 40, 80].map((at) => corpus.slice(at, at + lstm.SAMPLE_LEN)));
      // tfjs-wasm's Multinomial draws other indices than the cpu kernel for the same seed.
      const verify = (backend: BackendName) => (backend === 'wasm' ? ('same-backend' as const) : undefined);
      return BACKENDS.flatMap((backend): Contender[] => [
        row({
          label: 'tfjs eager',
          kind: 'eager',
          backend,
          verify: verify(backend),
          note:
            backend === 'wasm'
              ? "its draws differ from eager cpu's (the backend's own Multinomial): the wasm rows are checked against it"
              : undefined,
          state: models,
          inputs: seeds,
          make: (m) => ({
            run: (seed) =>
              charIndices(tf.tidy(() => lstm.generateText(m.predict, lstm.sample, seed, GENERATED, TEMPERATURE))),
          }),
        }),
        row({
          label: 'jit compiled',
          kind: 'jit',
          backend,
          verify: verify(backend),
          state: models,
          inputs: seeds,
          make: (m) => {
            const predict = ag.jit(m.predict, { autograph: false, name: 'predict' });
            const sample = ag.jit(lstm.sample, { autograph: false, onSymbolicRead: 'eager', onWarning: quiet });
            return {
              run: (seed) =>
                charIndices(lstm.generateText(predict, (p, t) => sample(p, t) as number, seed, GENERATED, TEMPERATURE)),
              dispose: () => disposeTraces([predict, sample]),
            };
          },
        }),
        row({
          label: 'jit compiled [converted]',
          kind: 'jit',
          variant: 'converted',
          backend,
          verify: verify(backend),
          state: models,
          inputs: seeds,
          make: (m) => {
            const j = lstm.jitted(m, quiet);
            return {
              run: (seed) =>
                charIndices(
                  lstm.generateText(j.predict, (p, t) => j.sample(p, t) as number, seed, GENERATED, TEMPERATURE),
                ),
              dispose: () => disposeTraces([j.predict, j.trainStep, j.sample]),
            };
          },
        }),
      ]);
    },
    notes: [
      "B9.lstm: a call is the program's generateText loop (in JS) for one seed window: the jitted predict, then sample(), which reads its draw with dataSync and so runs eagerly in every row (jit with onSymbolicRead: 'eager', as the program does); eager rows run predict op by op in a tf.tidy. tfjs-wasm's Multinomial draws other indices than tfjs-cpu's for the same seed (eager wasm and eager cpu part at the first character), so the wasm rows are checked against eager wasm.",
    ],
  };
}

// ── translation: the seq2seq greedy decode ─────────────────────────────────────────────────────

const SENTENCES = [
  [1, 4, 2, 0],
  [3, 3, 5, 1, 2],
  [0, 1, 2, 3, 4, 5],
  [5, 4, 3],
];
const charCodes = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

function translationWorkload(): Workload {
  const translators = perBackend(
    () => new translation.Translator(),
    (t) => t.dispose(),
  );
  const inputs = (): PerBackend<tf.Tensor[]> =>
    perBackend(() => SENTENCES.map((tokens) => translation.inputSequence(translators.get(), tokens)));
  return {
    id: 'B9.translation',
    title: `translation (seq2seq): greedy decode, one sentence a call (${SENTENCES.length} sentences), tanh RNN cells, at most 13 characters`,
    barText,
    bars,
    contenders() {
      const xs = inputs();
      return BACKENDS.flatMap((backend): Contender[] => [
        row({
          label: 'tfjs eager',
          kind: 'eager',
          backend,
          state: translators,
          inputs: xs,
          make: (t) => ({ run: (x) => charCodes(tf.tidy(() => t.decodeSequence(x))) }),
        }),
        row({
          label: 'jit compiled',
          kind: 'jit',
          backend,
          state: translators,
          inputs: xs,
          make: (t) => {
            const encode = ag.jit((x: tf.Tensor) => t.encode(x), { autograph: false, name: 'encode' });
            const step = ag.jit((token: tf.Tensor, state: tf.Tensor) => t.decodeStep(token, state), {
              autograph: false,
              name: 'decodeStep',
            });
            return {
              run: (x) => charCodes(translation.decodeWithSteps(t, encode, step, x)),
              dispose: () => disposeTraces([encode, step]),
            };
          },
        }),
        row({
          label: 'jit compiled [converted]',
          kind: 'jit',
          variant: 'converted',
          backend,
          state: translators,
          inputs: xs,
          make: (t) => {
            const j = translation.jitted(t, quiet);
            return {
              run: (x) => charCodes(translation.decodeWithSteps(t, j.encode, j.decodeStep, x)),
              dispose: () => disposeTraces([j.encode, j.decodeStep]),
            };
          },
        }),
        row({
          label: 'jit compiled [converted], decodeSequence as written',
          kind: 'jit',
          variant: 'converted',
          backend,
          judged: false,
          note: "reads with dataSync: runs eagerly (onSymbolicRead: 'eager'), unjudged",
          state: translators,
          inputs: xs,
          make: (t) => {
            const j = translation.jitted(t, quiet);
            return {
              run: (x) => charCodes(j.decodeSequence(x) as string),
              dispose: () => disposeTraces([j.decodeSequence]),
            };
          },
        }),
      ]);
    },
    notes: [
      "B9.translation: a call decodes one sentence. The jit rows decode as the program's decodeWithSteps does: the jitted encoder, then the jitted decoder step (tensors in and out) in a JS loop that reads each argMax with dataSync and grows the string; the eager rows run the original decodeSequence op by op in a tf.tidy. decodeSequence itself reads values inside the loop, so jitted as written it runs eagerly (its row is unjudged).",
    ],
  };
}

// ── cart-pole: the game loop ───────────────────────────────────────────────────────────────────

/** Three seeded episodes (their actions drawn once, with tfjs ready). */
const episodes = (): { state: number[]; actions: number[] }[] =>
  [1, 2, 3].map((seed) => ({
    state: [0.01 * seed, 0, -0.02 * seed, 0.01],
    actions: cartPole.randomActions(200, seed),
  }));

function cartPoleWorkload(): Workload {
  return {
    id: 'B9.cart-pole',
    title: 'cart-pole: one episode (physics on scalar tensors until the pole falls, at most 200 steps) per call',
    barText,
    bars,
    // Eager and staged float32 kernels round the same operations; the wasm backend's sin/cos may differ in the last bit.
    tolerance: { rtol: 1e-4, atol: 1e-5 },
    contenders() {
      const none = perBackend(() => [] as tf.Tensor[]);
      const data = episodes();
      const inputs = perBackend(() => data.map((e) => [tf.tensor1d(e.state), tf.tensor1d(e.actions)] as const));
      const read = (out: { steps: tf.Tensor; state: tf.Tensor }): number[] => readAndDispose([out.steps, out.state]);
      return BACKENDS.flatMap((backend): Contender[] => [
        row({
          label: 'tfjs eager',
          kind: 'eager',
          backend,
          note: 'the converted program run op by op (ag.toGraph, called eagerly: the loop reads `done` each step)',
          state: none,
          inputs,
          make: () => {
            const simulate = ag.toGraph(cartPole.simulate, { scope: cartPole.SCOPE });
            return { run: ([s, a]) => read(tf.tidy(() => simulate(s, a) as { steps: tf.Tensor; state: tf.Tensor })) };
          },
        }),
        row({
          label: 'jit compiled [converted]',
          kind: 'jit',
          variant: 'converted',
          backend,
          state: none,
          inputs,
          make: () => {
            const f = cartPole.jitSimulate();
            return { run: ([s, a]) => read(f(s, a)), dispose: () => disposeTraces([f]) };
          },
        }),
      ]);
    },
    notes: [
      'B9.cart-pole: the program writes the physics only as plain source (operators, `||` and a while loop on tensors), so there is no functional row; tfjs eager runs that same converted code op by op, reading the loop condition each step.',
    ],
  };
}

export const b9: readonly Workload[] = [lstmWorkload(), translationWorkload(), cartPoleWorkload()];

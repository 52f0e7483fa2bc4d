// A crafted function source cannot inject code outside the converted function. The converter
// builds code from ASTs (templates take AST nodes, never text), Babel's generator re-escapes every
// literal, and the evaluated text is that function only. Each function below holds text that looks
// like template placeholders, code, comment ends, script ends or escapes; converting and running it
// (eagerly on JS values and through jit) must behave exactly like the original and touch nothing
// outside it (a global canary stays unset).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

type Fn = (...a: unknown[]) => unknown;
const g = globalThis as { __agPwned?: unknown };
const make = (params: string[], body: string): Fn => new Function(...params, body) as Fn;

beforeAll(async () => {
  await tf.setBackend('cpu');
});
afterEach(() => {
  expect(g.__agPwned, 'code outside the converted function ran').toBeUndefined();
});

const PAYLOAD = 'globalThis.__agPwned = 1';
// Function bodies of (x, n) over JS numbers; each returns a value that shows the text survived.
const CASES: Record<string, string> = {
  'template placeholder %%x%%': `const s = '%%x%%' + "%%ag__%%"; if (n > 0) { x = x + s.length; } return [x, s];`,
  'identifiers and strings like replacement patterns':
    "const $1 = 2, $$ = 3, _$ = 4, PLACEHOLDER = 5; let s = '$1$&$`$$'; for (let i = 0; i < 2; i++) s += '$' + i; return [x + $1 + $$ + _$ + PLACEHOLDER, s];",
  'ag__ in strings and property names': `const o = { 'ag__': 1, 'ag__.ifStmt': 2 }; const s = 'ag__.ifStmt(' + ${JSON.stringify(PAYLOAD)} + ')'; if (x > 0) x = x + o['ag__'] + o['ag__.ifStmt']; return [x, s];`,
  'comment terminators in strings and regexes': `const s = '*/ ${PAYLOAD}; /*'; const r = /\\*\\/ .* \\/\\*/; const t = "//"; while (n > 0) { n = n - 1; x = x * 2; } return [x, s, r.test(s), t];`,
  'backticks and template literals with code-like text':
    'const s = `${1 + 1} \\` ); ' +
    PAYLOAD +
    '; (`; const t = `a${`b${"%%x%%"}`}c`; if (n > 1) { x = x - 1; } return [x, s, t];',
  '</script> and HTML in strings': `const s = '</script><script>${PAYLOAD}</script>'; const t = "<!-- -->"; if (x < 3) x = x + s.length; return [x, s, t];`,
  'unicode escapes in identifiers and strings': `const \\u0061bc = 5; const s = '\\u0027); ${PAYLOAD}; (\\u0027'; let y = abc; for (let i = 0; i < n; i++) y = y + \\u0061bc; return [x + y, s];`,
  'comments containing code': `/* }); ${PAYLOAD}; (function(){ */ let y = x; // ${PAYLOAD}\n if (n > 0) { /* ${PAYLOAD} */ y = y + 1; } return [y];`,
  'string concatenation that spells code': `const s = 'global' + 'This.__agPwned' + ' = 1'; let y = x; if (x > 0) { y = s.length; } return [y, s];`,
  'line terminators in strings': `const s = 'a\\u2028b\\u2029c\\nd'; if (n > 0) x = x + s.length; return [x, s];`,
  'names that look like generated ones': `let if_body = 1, loop_body = 2, vars_ = 3, do_return = 4, retval_ = 5, break_ = 6; let i = 0; while (i < n) { i = i + 1; if (i > 2) break; vars_ = vars_ + if_body + loop_body; } return [x + vars_ + do_return + retval_ + break_, i];`,
};

describe('crafted sources convert without injection', () => {
  for (const [name, body] of Object.entries(CASES)) {
    it(name, () => {
      const f = make(['x', 'n'], body);
      const conv = ag.toGraph(f) as Fn;
      for (const [x, n] of [
        [2, 3],
        [-1, 0],
        [5, 1],
      ] as const)
        expect(conv(x, n)).toEqual(f(x, n));
      // The generated code keeps each string and regex as a literal of the converted function.
      const code = ag.toCode(f);
      expect(code.trim().startsWith('function anonymous(x, n')).toBe(true);
      // Through jit with tensors too (where the body only uses x and n numerically).
      const j = ag.jit(f);
      const got = j(tf.scalar(2), tf.scalar(3, 'int32')) as unknown[];
      const want = f(2, 3) as unknown[];
      // jit hands JS numbers and booleans back as scalar tensors; a bool tensor reads as 0/1.
      const read = (v: unknown, w: unknown) =>
        v instanceof tf.Tensor ? (typeof w === 'boolean' ? Boolean(v.arraySync()) : v.arraySync()) : v;
      expect(got.map((v, i) => read(v, want[i]))).toEqual(want);
    });
  }
});

describe('names that shadow the runtime', () => {
  it('a parameter, variable or property named ag__ is convert/reserved-name', () => {
    const named = [
      make(['ag__'], 'return ag__ + 1;'),
      make(['x'], 'const ag__ = { ifStmt() {} }; return x;'),
      make(['x'], 'return { ag__: x }.ag__;'),
    ];
    for (const f of named) {
      let err: unknown;
      try {
        ag.toGraph(f);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AutographError);
      expect((err as AutographError).id).toBe('convert/reserved-name');
    }
  });

  it('a global or scope entry named ag__ does not replace the runtime', () => {
    const f = make(['x'], 'let y = x; if (x > 0) { y = y * 2; } return y;');
    const fake = {
      ifStmt: () => {
        g.__agPwned = 'scope';
      },
    };
    const conv = ag.toGraph(f, { scope: { ag__: fake } }) as Fn;
    expect(conv(3)).toBe(6);
    expect((ag.jit(f, { scope: { ag__: fake } })(tf.scalar(3)) as tf.Tensor).arraySync()).toBe(6);
  });

  it('a function whose name holds code and line breaks converts under a harmless script URL', () => {
    const f = make(['x'], 'if (x > 0) { x = x + 1; } return x;');
    Object.defineProperty(f, 'name', { value: `a\n${PAYLOAD}\n//*/` });
    expect((ag.toGraph(f) as Fn)(1)).toBe(2);
    expect((ag.jit(f)(tf.scalar(1)) as tf.Tensor).arraySync()).toBe(2);
  });

  it('staged print and assert messages and a jit name holding code reach the compiled executor as data', () => {
    const printed: string[] = [];
    const previous = ag.setPrintSink((line: string) => void printed.push(line));
    try {
      const msg = `'); ${PAYLOAD}; ('\`\${${PAYLOAD}}\`*/`;
      const f = ag.jit(
        (x: tf.Tensor) => {
          console.log(msg, x);
          ag.assert(tf.greater(x, 0), msg);
          return x.add(1);
        },
        { scope: { tf, ag, msg }, name: `f(){}; ${PAYLOAD}; function g` },
      );
      expect((f(tf.scalar(1)) as tf.Tensor).arraySync()).toBe(2);
      expect(printed.at(-1)).toContain(msg);
      expect(() => f(tf.scalar(-1))).toThrow(msg);
      const src = f.concreteFunctions()[0]!.compiledSource() ?? '';
      expect(src).not.toContain(PAYLOAD);
    } finally {
      ag.setPrintSink(previous);
    }
  });
});

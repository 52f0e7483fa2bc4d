// Unit tests of the passes, each run up to itself (toCode's `until`) on a small function.
import { describe, expect, it } from 'vitest';
import { convertSource } from '../../src/convert/convert-source.js';
import { PIPELINE } from '../../src/convert/pipeline.js';
import { runConvertPass } from '../helpers/one-pass.js';

const upTo = (pass: string, src: string) => convertSource(src, 'f', { until: pass }).code;
const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('pipeline', () => {
  it('runs the passes in the documented order', () => {
    expect(PIPELINE.map(([n]) => n)).toEqual([
      'functions',
      'effect-statements',
      'switch',
      'directives',
      'for-heads',
      'finally',
      'break',
      'continue',
      'return',
      'lists',
      'call-trees',
      'slices',
      'loop-tests',
      'control-flow',
      'conditional-expressions',
      'logical-expressions',
      'operators',
    ]);
  });
});

describe('functions', () => {
  it('var becomes let at the top; function declarations move first', () => {
    const out = squash(
      upTo(
        'functions',
        'function f(n) { for (var i = 0; i < n; i++) { var k = i } return g(k); function g(x) { return x } }',
      ),
    );
    expect(out).toContain('let i, k;');
    expect(out).toContain('for (i = 0; i < n; i++) { k = i; }');
    expect(out.indexOf('function g')).toBeLessThan(out.indexOf('for ('));
  });
  it('keeps parameters that a var redeclares', () => {
    expect(squash(upTo('functions', 'function f(a) { var a = a + 1; return a }'))).not.toContain('let a');
  });
});

describe('switch', () => {
  it('becomes an if/else-if chain on ===', () => {
    const out = squash(
      upTo(
        'switch',
        'function f(x) { switch (x) { case 1: return 10; case 2: case 3: x = 5; break; default: x = 0 } return x }',
      ),
    );
    expect(out).toContain('const switch_value = x;');
    expect(out).toContain(
      'if (switch_value === 1) { return 10; } else if (switch_value === 2 || switch_value === 3) { x = 5; } else { x = 0; }',
    );
  });
});

describe('for-heads', () => {
  it("the update ends the body, marked: a break skips it, the loop's own continue does not", () => {
    const src =
      'function f(n) { let i; for (i = 0; i < n; i++) { if (i == 2) continue; if (i == 5) break; n-- } return i }';
    expect(squash(upTo('for-heads', src))).toContain(
      'for (i = 0; i < n;) { if (i == 2) continue; if (i == 5) break; n--; i++; }',
    );
    const out = squash(upTo('continue', src));
    expect(out).toContain('if (!break_) { i++; }');
    // The continue guard covers the rest of the body, not the update after it.
    expect(out).toMatch(
      /if \(!continue_\) \{ if \(i == 5\) \{ break_ = true; \} if \(!break_\) \{ n--; \} \} if \(!break_\) \{ i\+\+; \} \}/,
    );
  });
  it('a head binding a closure captures gets one binding per iteration', () => {
    const out = squash(
      upTo('for-heads', 'function f(fs) { for (let k = 0; k < 3; k++) { fs.push(() => k) } return fs }'),
    );
    expect(out).toContain(
      'for (let k_iter = 0; k_iter < 3;) { let k = k_iter; fs.push(() => k); { k_iter = k; k_iter++; } }',
    );
  });
  it('without a closure over the head, the bindings stay as written', () => {
    expect(
      squash(upTo('for-heads', 'function f(n) { let s = 0; for (let k = 0; k < n; k++) { s += k } return s }')),
    ).toContain('for (let k = 0; k < n;) { s += k; k++; }');
  });
});

describe('loop-tests', () => {
  it('a condition that writes is evaluated before the loop and at the end of each iteration', () => {
    const out = squash(
      upTo('loop-tests', 'function f(n) { let k = 0, x = 0; while (k++ < n) { x = x + k } return x }'),
    );
    expect(out).toContain('{ let loop_cond = k++ < n; while (loop_cond) { x = x + k; loop_cond = k++ < n; } }');
  });
  it('do…while evaluates it after the body only', () => {
    const out = squash(upTo('loop-tests', 'function f(k) { let s = 0; do { s += k } while (--k > 0); return s }'));
    expect(out).toContain('{ let loop_cond; do { s += k; loop_cond = --k > 0; } while (loop_cond); }');
  });
  it('a condition that only reads is left alone', () => {
    expect(squash(upTo('loop-tests', 'function f(n) { let k = 0; while (k < n) { k++ } return k }'))).toContain(
      'while (k < n)',
    );
  });
});

describe('break / continue / return', () => {
  it('break: a flag, a guard for the rest of the body, and the loop condition', () => {
    const out = squash(upTo('break', 'function f(x) { while (x > 0) { x--; if (x == 3) break; x-- } return x }'));
    expect(out).toContain(
      'let break_ = false; while (!break_ && x > 0) { x--; if (x == 3) { break_ = true; } if (!break_) { x--; } }',
    );
  });
  it('labelled break leaves the inner loop too', () => {
    const out = squash(
      upTo(
        'break',
        'function f(n) { outer: for (let i = 0; i < n; i++) { for (let j = 0; j < n; j++) { if (j > i) break outer; } } return n }',
      ),
    );
    // Each update is the end of its body, skipped once the break is taken (the inner one too).
    expect(out).toContain(
      'for (let i = 0; !break_ && i < n;) { for (let j = 0; !break_ && j < n;) { if (j > i) { break_ = true; } if (!break_) { j++; } } if (!break_) { i++; } }',
    );
    expect(out).not.toContain('outer:');
  });
  it('continue: a flag reset each iteration', () => {
    const out = squash(
      upTo('continue', 'function f(l) { let s = 0; for (const c of l) { if (c > 1) continue; s += c } return s }'),
    );
    expect(out).toContain(
      'for (const c of l) { let continue_ = false; if (c > 1) { continue_ = true; } if (!continue_) { s += c; } }',
    );
  });
  it('return: do_return/retval_, guards, a single final return', () => {
    const out = squash(upTo('return', 'function f(x) { if (x > 0) return 1; x = -x; return x }'));
    expect(out).toContain('let do_return = false; let retval_;');
    expect(out).toContain(
      'if (x > 0) { retval_ = 1; do_return = true; } if (!do_return) { x = -x; retval_ = x; do_return = true; } return retval_;',
    );
  });
  it('a single final return is left alone', () => {
    expect(squash(upTo('return', 'function f(x) { x = x + 1; return x }'))).not.toContain('do_return');
  });
  it('returns in nested functions are lowered in their own function', () => {
    const out = squash(upTo('return', 'function f(x) { const g = (y) => { if (y) return 1; return 2 }; return g(x) }'));
    expect(out).toContain('const g = y => { let do_return = false;');
  });
});

describe('lists, call-trees', () => {
  it('push becomes listPush and a const array becomes let', () => {
    const out = squash(
      upTo('lists', 'function f(n) { const z = []; for (let i = 0; i < n; i++) z.push(i); return z }'),
    );
    expect(out).toContain('let z = [];');
    expect(out).toContain('z = ag__.listPush(z, i);');
  });
  it('user calls go through convertedCall; tf, Math and console.log do not', () => {
    const out = squash(
      upTo(
        'call-trees',
        'function f(x, m) { console.log(x); helper(x); m.step(x); tf.add(x, 1); Math.abs(x); return (0, mod.g)(x) }',
      ),
    );
    expect(out).toContain('ag__.print(x);');
    expect(out).toContain('ag__.convertedCall(helper, undefined, [x]);');
    expect(out).toContain('ag__.convertedCall(m.step, m, [x]);');
    expect(out).toContain('tf.add(x, 1);');
    expect(out).toContain('Math.abs(x);');
    expect(out).toContain('ag__.convertedCall(mod.g, undefined, [x])');
  });
  it('functions defined in the source are called directly', () => {
    expect(squash(upTo('call-trees', 'function f(x) { function g(y) { return y } return g(x) }'))).toContain(
      'return g(x);',
    );
  });
});

describe('control-flow', () => {
  it('if: branches as closures, outputs first (nouts), names, the statement as written', () => {
    const out = squash(
      upTo('control-flow', 'function f(c) { let a = 0, b = 0; if (c) { a = 1; b = 2 } else { b = 3 } return a }'),
    );
    expect(out).toContain(
      'ag__.ifStmt(c, if_body, else_body, () => [a, b], vars_ => { a = vars_[0]; b = vars_[1]; }, ["a", "b"], 1, "if (c)");',
    );
  });
  it('while: loop variables are the modified symbols live at the head or after', () => {
    const out = squash(
      upTo(
        'control-flow',
        'function f(n) { let i = 0, t = 0, s = 0; while (i < n) { t = i * 2; s = s + t; i = i + 1 } return s }',
      ),
    );
    expect(out).toContain(
      'ag__.whileStmt(loop_test, loop_body, () => [s, i], vars_ => { s = vars_[0]; i = vars_[1]; }, ["s", "i"], {}, "while (i < n)");',
    );
  });
  it('for…of with an outer target and an extra test', () => {
    const out = squash(upTo('control-flow', 'function f(l) { let i; for (i of l) { if (i > 2) break } return i }'));
    expect(out).toContain('const loop_body = itr => { i = itr;');
    expect(out).toContain('ag__.forStmt(l, () => !break_, loop_body');
  });
  it('setLoopOptions becomes the loop options argument', () => {
    const out = squash(
      upTo(
        'control-flow',
        'function f(n) { while (n > 0) { ag.setLoopOptions({ maximumIterations: 3 }); n-- } return n }',
      ),
    );
    expect(out).toContain('["n"], { maximumIterations: 3 }, "while (n > 0)");');
  });
  it('do…while runs its body once before the loop', () => {
    const out = squash(upTo('control-flow', 'function f(n) { do { n-- } while (n > 0); return n }'));
    expect(out).toContain('loop_body(); ag__.whileStmt(loop_test, loop_body');
  });
});

describe('expressions', () => {
  it('an operand that writes passes its state: a staged cond carries it out', () => {
    const out = squash(
      upTo(
        'logical-expressions',
        'function f(x) { let n = 0; const r = x > 1 || (n = n + 2); const q = x ? (n = 1) : 0; return [r, q, n] }',
      ),
    );
    expect(out).toMatch(
      /ag__\.or\(\(\) => x > 1, \(\) => n = n \+ 2, false, \(\) => \[n\], (vars__\d) => \{ n = \1\[0\]; \}, \["n"\]\)/,
    );
    expect(out).toMatch(
      /ag__\.ifExp\(x, \(\) => n = 1, \(\) => 0, \(\) => \[n\], (vars__\d) => \{ n = \1\[0\]; \}, \["n"\]\)/,
    );
  });
  it('logical assignment is the logical expression it means', () => {
    const out = squash(
      upTo('logical-expressions', 'function f(x, o, g) { x ||= 5; o.p &&= 2; g().q ||= 1; return x }'),
    );
    expect(out).toContain('ag__.or(() => x, () => x = 5, false, () => [x]');
    expect(out).toContain('ag__.and(() => o.p, () => o.p = 2, false, () => [ag__.field(o, "p")]');
    expect(out).toContain('obj_ = ag__.convertedCall(g, undefined, []), ag__.or(() => obj_.q, () => obj_.q = 1');
  });
  it('conditional, logical and operators', () => {
    const out = squash(convertSource('function f(a, b) { return a > 0 && !b ? -a : a % 2 }', 'f').code);
    expect(out).toContain(
      'return ag__.ifExp(ag__.and(() => ag__.gt(a, 0), () => ag__.not(b), true), () => ag__.neg(a), () => ag__.mod(a, 2));',
    );
  });
  it('a logical expression whose value is used keeps its operand; one only tested for truthiness says so', () => {
    const src = 'function f(a, b, c) { let v = a && b; while (a || b && c) { if (!(a && c)) v = v || c; } return v }';
    const out = squash(convertSource(src, 'f').code);
    expect(out).toContain('let v = ag__.and(() => a, () => b);');
    expect(out).toContain('v = ag__.or(() => v, () => c);');
    expect(out).toContain('ag__.or(() => a, () => ag__.and(() => b, () => c, true), true)');
    expect(out).toContain('ag__.not(ag__.and(() => a, () => c, true))');
  });
  it('integer division idioms and Math', () => {
    const out = squash(
      convertSource(
        'function f(a, b) { return [Math.floor(a / b), (a / b) | 0, Math.trunc(a / b), Math.sqrt(a)] }',
        'f',
      ).code,
    );
    expect(out).toContain('[ag__.floorDiv(a, b), ag__.intDiv(a, b), ag__.truncDiv(a, b), ag__.Math.sqrt(a)]');
  });
  it('compound assignment and ++ in value position', () => {
    const out = squash(convertSource('function f(a, o) { a += 2; o.n *= 3; const b = a++; return b }', 'f').code);
    expect(out).toContain('a = ag__.add(a, 2);');
    expect(out).toContain('o.n = ag__.mul(o.n, 3);');
    expect(out).toContain('const b = (tmp_ = ag__.toNumeric(a), a = ag__.inc(tmp_), tmp_);');
  });
  it('comparisons with strings, null or typeof stay plain', () => {
    const out = squash(convertSource('function f(a) { return typeof a === "number" && a !== null }', 'f').code);
    expect(out).toContain('typeof a === "number"');
    expect(out).toContain('a !== null');
  });
});

describe('one pass in isolation (test/helpers/one-pass.ts)', () => {
  it('operators: only the arithmetic changes, on the code the earlier passes left', () => {
    const { before, after } = runConvertPass('operators', 'function f(a, b) { if (a > b) { a = a * b } return a - 1 }');
    expect(squash(before)).toContain('ag__.ifStmt');
    expect(squash(before)).toContain('a * b');
    expect(squash(after)).toContain('ag__.mul(a, b)');
    expect(squash(after)).toContain('ag__.sub(a, 1)');
    expect(squash(after)).not.toContain('a * b');
  });
  it('switch: the statement becomes an if chain, nothing else moves', () => {
    const { before, after } = runConvertPass('switch', 'function f(x) { switch (x) { case 1: return 2 } return 3 }');
    expect(squash(before)).toContain('switch (x)');
    expect(squash(after)).not.toContain('switch (x)');
    expect(squash(after)).toContain('if (switch_value === 1) { return 2; }');
    expect(squash(after)).toContain('return 3;');
  });
});

// src/convert/util/babel-types.ts declares the @babel/types values the converter uses and binds them
// when Babel loads. tsc checks a value's declaration, not its binding: one declared but left out
// of `bindBabelTypes` would be `undefined` in every conversion (`isX is not a function`). Here every
// exported value is bound once Babel is loaded.

import { describe, expect, it } from 'vitest';
import * as bt from '../../src/convert/util/babel-types.js';
import { ensureBabelTypes } from '../../src/convert/util/babel-load.js';

describe('babel-types', () => {
  it('binds every value it declares', () => {
    ensureBabelTypes();
    const unbound = Object.entries(bt)
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    expect(unbound).toEqual([]);
    // not vacuous: the namespace holds the declared bindings, functions and the visitor keys
    expect(Object.keys(bt).length).toBeGreaterThan(100);
    expect(typeof bt.isIdentifier).toBe('function');
    expect(bt.VISITOR_KEYS.IfStatement).toContain('consequent');
  });
});

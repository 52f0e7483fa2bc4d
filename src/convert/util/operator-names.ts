// The operators and Math functions the converter dispatches through the runtime, by the name of the
// runtime function each becomes. Shared by the `operators` pass and the type checker (src/check),
// which must agree on what is converted. Needs nothing. Produces `BINARY_OPS`, `MATH_FUNCTIONS`.

export const BINARY_OPS: Partial<Record<string, string>> = {
  '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '%': 'mod', '**': 'pow',
  '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', '==': 'eq', '!=': 'neq', '===': 'strictEq', '!==': 'strictNeq',
  '&': 'bitAnd', '|': 'bitOr', '^': 'bitXor', '<<': 'shl', '>>': 'shr', '>>>': 'ushr',
};

/** Every Math function but `random` (it takes no arguments); `f16round` and `sumPrecise` are ES2025's. */
export const MATH_FUNCTIONS: ReadonlySet<string> = new Set([
  'abs', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'cbrt', 'ceil', 'clz32', 'cos', 'cosh', 'exp', 'expm1',
  'f16round', 'floor', 'fround', 'hypot', 'imul', 'log', 'log10', 'log1p', 'log2', 'max', 'min', 'pow', 'round', 'sign',
  'sin', 'sinh', 'sqrt', 'sumPrecise', 'tan', 'tanh', 'trunc',
]);

// The float64 oracle of gradient tests: the derivative of a plain JS function of numbers with
// respect to one argument, by differences in float64 — central where the function is smooth around
// the point, and both one-sided derivatives where it jumps there (a remainder at an exact multiple).
// Needs nothing. Produces `Derivative`, `float64Derivative`, `matchesDerivative`.

export type Derivative = { readonly smooth: number } | { readonly left: number; readonly right: number };

/** d f / d xs[k] at `xs` in float64: `smooth` where the one-sided differences agree, else both. */
export function float64Derivative(f: (xs: number[]) => number, xs: readonly number[], k: number): Derivative {
  const x = xs[k]!;
  const h = Number.isFinite(x) ? 2 ** -20 * Math.max(1, Math.abs(x)) : 1;
  const at = (v: number): number => {
    const ys = [...xs];
    ys[k] = v;
    return Number(f(ys));
  };
  const [lo, mid, hi] = [at(x - h), at(x), at(x + h)];
  const left = (mid - lo) / h;
  const right = (hi - mid) / h;
  if (close(left, right)) return { smooth: (hi - lo) / (2 * h) };
  return { left, right };
}

function close(a: number, b: number): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  return Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether a float32 gradient equals the derivative (at a jump: the derivative of one side). */
export function matchesDerivative(g: number, d: Derivative): boolean {
  return 'smooth' in d ? close(g, d.smooth) : close(g, d.left) || close(g, d.right);
}

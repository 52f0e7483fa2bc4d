// Whether this realm lets the compiled executor generate JS with `new Function`. Under a
// Content-Security-Policy without 'unsafe-eval' every try throws an EvalError AND reports a CSP
// violation, so the answer is found once per realm (not once per graph), and an app that knows its
// page forbids eval says so up front (`setCodeGeneration(false)`, exported by autograph-ts/runtime)
// so that nothing is even tried: graphs then run in the interpreter. Needs nothing.
// Produces `codeGenerationAllowed`, `setCodeGeneration`.

let allowed: boolean | undefined;

/** Declares whether `new Function` may be used (undefined: find out on first use, once). */
export function setCodeGeneration(on: boolean | undefined): void {
  allowed = on;
}

/** True when the compiled executor may generate code here. */
export function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      new Function('');
      allowed = true;
    } catch (e) {
      if (!(e instanceof EvalError)) throw e;
      allowed = false; // code generation forbidden (CSP): interpret
    }
  }
  return allowed;
}

// The type of a JavaScript function of any shape: what the converter is given, binds, wraps and
// caches (a user's function, a bound one, a class's method). Named once here so that the lint rule
// against the bare `Function` type (it accepts any callable) is set aside in one place, knowingly.

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type UserFunction = Function;

// Sloppy-mode functions (a CommonJS file without "use strict"): converted code must keep their mode.
/* eslint-disable */

// arguments aliases the parameters in sloppy functions with simple parameter lists.
function aliasArguments(x) {
  arguments[0] = 10;
  return x + 1;
}

// Writes to a frozen object are ignored in sloppy code (strict code throws).
const frozen = Object.freeze({ k: 1 });
function writeFrozen(x) {
  frozen.k = 5;
  return x + frozen.k;
}

// `this` of a plain call is the global object in sloppy code.
function thisIsGlobal(x) {
  return (this === globalThis ? 100 : 0) + x;
}

// Octal literals only exist in sloppy code.
function octal(x) {
  return x + 010;
}

// An arrow writing to a frozen object.
const arrowFrozen = (x) => {
  frozen.k = 7;
  return x * frozen.k;
};

// A method using arguments aliasing.
const obj = {
  m(x) {
    arguments[0] = 3;
    return x * 2;
  },
};

module.exports = { aliasArguments, writeFrozen, thisIsGlobal, octal, arrowFrozen, method: obj.m, frozen };

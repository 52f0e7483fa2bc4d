// Catalogue entries of the exporters (src/export) and the onnxruntime executor.
// Needs message-def. Produces `exportMessages`.

import { defineMessages } from './message-def.js';

export const exportMessages = defineMessages({
  'export/onnx-unsupported-kernel': {
    kind: 'usage',
    text: (p: { kernel: string }) => `cannot export to ONNX: the kernel ${p.kernel} has no ONNX rule yet`,
    hint: () =>
      "compute this part outside the jit function, use another op, or add a rule to src/export/onnx/rules (run with backend 'interpreter' or 'compiled' meanwhile)",
    example: 'tf.cumprod(x) in a function exported with toONNX()',
  },
  'export/onnx-unsupported-use': {
    kind: 'usage',
    text: (p: { kernel: string; reason: string }) => `cannot export ${p.kernel} to ONNX: ${p.reason}`,
    example: "tf.mirrorPad(x, [[1, 1]], 'symmetric') in a function exported with toONNX()",
  },
  'export/graph-model-unsupported': {
    kind: 'usage',
    text: (p: { op: string; where: string; detail: string }) => `cannot export kernel ${p.op} to a TF.js GraphModel${p.where}: ${p.detail}`,
    hint: () => 'rewrite this step with ops the GraphModel rule table covers (see graphModelKernels()), or export to ONNX',
    example: "state.assign(x) in a function exported with toGraphModel()",
  },
  'export/onnx-differs-at-edges': {
    kind: 'usage',
    text: (p: { what: string; sites: string }) => `the ONNX model (and the 'onnxruntime' backend) can differ from JavaScript here: ${p.what} (at ${p.sites})`,
    hint: () => "keep such values in range, or run with backend 'compiled' or 'interpreter' (docs/limitations.md, \"JavaScript semantics\")",
    example: 'i * 1.5 with i an int32 tensor, in a function exported with toONNX()',
  },
  'exec/onnxruntime-missing': {
    kind: 'usage',
    text: (p: { reason: string }) => `the 'onnxruntime' backend needs the package onnxruntime-node (${p.reason})`,
    hint: () => 'npm install onnxruntime-node (set ONNXRUNTIME_NODE_INSTALL=skip offline: the CPU binary ships in the package)',
    example: "ag.jit(f, { backend: 'onnxruntime' }) where onnxruntime-node is not installed",
  },
});

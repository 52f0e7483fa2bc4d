// Catalogue entries of the exporters (src/export) and the onnxruntime executor.
// Needs message-def. Produces `exportMessages`.

import { defineMessages } from './message-def.js';
import { docsLink } from './docs-link.js';

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
    text: (p: { op: string; where: string; detail: string }) =>
      `cannot export kernel ${p.op} to a TF.js GraphModel${p.where}: ${p.detail}`,
    hint: () =>
      'rewrite this step with ops the GraphModel rule table covers (see graphModelKernels()), or export to ONNX',
    example: 'state.assign(x) in a function exported with toGraphModel()',
  },
  'export/onnx-differs-at-edges': {
    kind: 'usage',
    text: (p: { what: string; sites: string }) =>
      `the ONNX model (and the 'onnxruntime' executor) can differ from JavaScript here: ${p.what} (at ${p.sites})`,
    hint: () =>
      `keep such values in range, or run with backend 'compiled' or 'interpreter' (${docsLink('limitations.md', 'javascript-semantics')})`,
    example: 'i * 1.5 with i an int32 tensor, in a function exported with toONNX()',
  },
  'export/graphviz-missing': {
    kind: 'usage',
    text: (p: { reason: string }) => `drawing needs Graphviz (@viz-js/viz), which could not be loaded (${p.reason})`,
    hint: () =>
      "npm install @viz-js/viz — an optional peer of autograph-ts, needed only to draw (toSVG, toHTML, mountViewer, autograph svg; toDot needs none); in a browser bundle, also tell autograph-ts where it comes from once: ag.setGraphviz(() => import('@viz-js/viz'))",
    example: 'await cf.toSVG() in an app without @viz-js/viz, or in a browser bundle without setGraphviz',
  },
  'export/node-only': {
    kind: 'usage',
    text: (p: { call: string }) => `${p.call} reads or writes files, which needs Node.js`,
    hint: () =>
      'in a browser, use the in-memory forms: toONNX() bytes, toGraphModel() artifacts with tf.io.fromMemory, or a tf.io save handler',
    example: "ag.saveGraphModel(graph, 'out') in a browser",
  },
  'exec/onnxruntime-missing': {
    kind: 'usage',
    text: (p: { reason: string }) => `the 'onnxruntime' executor needs the package onnxruntime-node (${p.reason})`,
    hint: () =>
      'npm install onnxruntime-node — an optional peer of autograph-ts; its install script downloads CUDA files, so set ONNXRUNTIME_NODE_INSTALL=skip when you only need the CPU (its binary ships in the package) or install offline',
    example: "ag.jit(f, { executor: 'onnxruntime' }) where onnxruntime-node is not installed",
  },
  'export/model-file-refused': {
    kind: 'usage',
    text: (p: { dir: string; file: string; reason: string }) =>
      `refused to load the model in ${p.dir}: '${p.file}' ${p.reason}`,
    hint: () =>
      'a model folder holds model.json and the weight files its manifest lists, by relative paths inside the folder, with the sizes the manifest declares; save it again with saveGraphModel (or raise the size limits of loadGraphModelArtifacts)',
    example: "loadGraphModelArtifacts(dir) where model.json lists '../secret.txt' as a weight file",
  },
  'export/onnx-inexact': {
    kind: 'usage',
    text: (p: { kernel: string; difference: string }) =>
      `the ONNX model computes ${p.kernel} differently from tfjs at some values: ${p.difference}`,
    hint: () =>
      `${docsLink('limitations.md', 'export')} lists these differences; where they matter, compute this part outside the exported function (or run it with the compiled executor)`,
    example: 'tf.topk(x, 2) in a function exported with toONNX() (warned once per line)',
  },
  'export/exporter-missing': {
    kind: 'usage',
    text: (p: { method: string; what: string; imports: string }) =>
      `${p.method} needs ${p.what}, which this bundle leaves out`,
    hint: (p: { imports: string }) => `${p.imports} once in the app (the package's Node entry has every exporter)`,
    example: 'cf.toONNX() in a browser bundle that imports only autograph-ts',
  },
  'export/unknown-format': {
    kind: 'usage',
    text: (p: { call: string; format: string; known: string }) =>
      `${p.call}: there is no export format '${p.format}'; the formats installed are ${p.known}`,
    hint: () =>
      "cf.export, ag.save and the CLI's `export --format` take the same names: 'onnx', 'graph-model' (a TF.js GraphModel folder), 'dot', 'svg', 'html'",
    example: "ag.save(cf, 'model', { format: 'zip' }), or cf.export('zip')",
  },
});

// Reads the parts of ONNX protobuf files the backend tests need: TensorProto files of test data
// (as onnxruntime-node tensors), the op types of a ModelProto (nodes of the graph and of every
// subgraph) and its nodes with their inputs, outputs and integer attributes. A minimal wire-format
// reader, test-only. Needs onnxruntime-node. Produces `readTensor`, `opTypesOf`, `nodesOf`.
import * as ort from 'onnxruntime-node';

type Field = { readonly no: number; readonly wire: number; readonly value: bigint | Uint8Array };

function fields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let p = 0;
  const varint = (): bigint => {
    let r = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[p++]!;
      r |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return r;
      shift += 7n;
    }
  };
  while (p < buf.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 1) {
      out.push({ no, wire, value: buf.subarray(p, p + 8) });
      p += 8;
    } else if (wire === 2) {
      const n = Number(varint());
      out.push({ no, wire, value: buf.subarray(p, p + n) });
      p += n;
    } else if (wire === 5) {
      out.push({ no, wire, value: buf.subarray(p, p + 4) });
      p += 4;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
  return out;
}

/** The values of a repeated numeric field, packed or not: varints as bigint, fixed as bytes. */
function repeated(fs: readonly Field[], no: number): (bigint | Uint8Array)[] {
  const out: (bigint | Uint8Array)[] = [];
  for (const f of fs.filter((x) => x.no === no)) {
    if (f.wire !== 2) {
      out.push(f.value);
      continue;
    }
    const bytes = f.value as Uint8Array;
    // Packed: varints for int fields; the caller knows fixed-width ones and reads `bytes` itself.
    out.push(bytes);
  }
  return out;
}

function packedVarints(fs: readonly Field[], no: number): bigint[] {
  const out: bigint[] = [];
  for (const v of repeated(fs, no)) {
    if (typeof v === 'bigint') out.push(v);
    else for (const g of fields(varintList(v))) out.push(g.value as bigint);
  }
  return out;
}

/** Re-frames packed varints as a sequence of field-1 varints, so `fields` can read them. */
function varintList(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  let start = true;
  for (const b of bytes) {
    if (start) out.push(0x08);
    out.push(b);
    start = b < 0x80;
  }
  return Uint8Array.from(out);
}

function packedFixed(fs: readonly Field[], no: number): Uint8Array {
  const parts = repeated(fs, no).map((v) => v as Uint8Array);
  const n = parts.reduce((s, p) => s + p.length, 0);
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const TYPES: Record<number, [ort.Tensor.Type, number]> = {
  1: ['float32', 4],
  2: ['uint8', 1],
  3: ['int8', 1],
  4: ['uint16', 2],
  5: ['int16', 2],
  6: ['int32', 4],
  7: ['int64', 8],
  9: ['bool', 1],
  10: ['float16', 2],
  11: ['float64', 8],
  12: ['uint32', 4],
  13: ['uint64', 8],
};

function typed(type: ort.Tensor.Type, bytes: Uint8Array): ort.Tensor.DataType {
  const b = bytes.slice().buffer;
  switch (type) {
    case 'float32':
      return new Float32Array(b);
    case 'float64':
      return new Float64Array(b);
    case 'int8':
      return new Int8Array(b);
    case 'uint8':
    case 'bool':
      return new Uint8Array(b);
    case 'int16':
      return new Int16Array(b);
    case 'uint16':
    case 'float16':
      return new Uint16Array(b);
    case 'int32':
      return new Int32Array(b);
    case 'uint32':
      return new Uint32Array(b);
    case 'int64':
      return new BigInt64Array(b);
    case 'uint64':
      return new BigUint64Array(b);
    default:
      throw new Error(`no typed array for ${type}`);
  }
}

/** A TensorProto file as an onnxruntime tensor (or why it cannot be one). */
export function readTensor(bytes: Uint8Array): ort.Tensor {
  const fs = fields(bytes);
  const dims = packedVarints(fs, 1).map((d) => Number(BigInt.asIntN(64, d)));
  const dataType = Number(fs.find((f) => f.no === 2)?.value ?? 0n);
  if (dataType === 8) {
    const strings = fs.filter((f) => f.no === 6).map((f) => new TextDecoder().decode(f.value as Uint8Array));
    return new ort.Tensor('string', strings, dims);
  }
  const t = TYPES[dataType];
  if (!t) throw new Error(`TensorProto data type ${dataType} is not supported by this reader`);
  const [type, width] = t;
  const raw = fs.find((f) => f.no === 9)?.value as Uint8Array | undefined;
  const count = dims.reduce((p, d) => p * d, 1);
  let data: ort.Tensor.DataType;
  if (raw) data = typed(type, raw);
  else if (type === 'float32') data = typed(type, packedFixed(fs, 4));
  else if (type === 'float64') data = typed(type, packedFixed(fs, 10));
  else if (type === 'int64') data = BigInt64Array.from(packedVarints(fs, 7), (v) => BigInt.asIntN(64, v));
  else if (type === 'uint64' || type === 'uint32')
    data =
      type === 'uint64' ? BigUint64Array.from(packedVarints(fs, 11)) : Uint32Array.from(packedVarints(fs, 11), Number);
  else {
    // int32_data (5) holds int32, int16, int8, uint16, uint8, bool and float16 bits.
    const ints = packedVarints(fs, 5).map((v) => Number(BigInt.asIntN(32, v)));
    const small: Record<string, (xs: number[]) => ort.Tensor.DataType> = {
      int32: (xs) => Int32Array.from(xs),
      int16: (xs) => Int16Array.from(xs),
      int8: (xs) => Int8Array.from(xs),
      uint16: (xs) => Uint16Array.from(xs),
      float16: (xs) => Uint16Array.from(xs),
      uint8: (xs) => Uint8Array.from(xs),
      bool: (xs) => Uint8Array.from(xs),
    };
    data = small[type]!(ints);
  }
  if ((data as ArrayLike<unknown>).length !== count)
    throw new Error(
      `tensor holds ${(data as ArrayLike<unknown>).length} values for dims [${dims}] (${width}-byte type ${type})`,
    );
  return new ort.Tensor(type, data as never, dims);
}

/** The op types of a ModelProto: every node of its graph and of the graphs in node attributes. */
export function opTypesOf(model: Uint8Array): Set<string> {
  const ops = new Set<string>();
  const graph = (g: Uint8Array) => {
    for (const n of fields(g).filter((f) => f.no === 1)) {
      const node = fields(n.value as Uint8Array);
      const op = node.find((f) => f.no === 4);
      if (op) ops.add(new TextDecoder().decode(op.value as Uint8Array));
      for (const a of node.filter((f) => f.no === 5)) {
        const attr = fields(a.value as Uint8Array);
        for (const sub of attr.filter((f) => f.no === 6 || f.no === 11)) graph(sub.value as Uint8Array);
      }
    }
  };
  for (const g of fields(model).filter((f) => f.no === 7)) graph(g.value as Uint8Array);
  return ops;
}

export interface NodeInfo {
  readonly op: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** The node's integer attributes (e.g. Cast's `to`). */
  readonly ints: Readonly<Record<string, number>>;
}

/** The nodes of a ModelProto's main graph and of the graphs in node attributes, in order. */
export function nodesOf(model: Uint8Array): NodeInfo[] {
  const text = (v: Field['value']) => new TextDecoder().decode(v as Uint8Array);
  const out: NodeInfo[] = [];
  const graph = (g: Uint8Array) => {
    for (const n of fields(g).filter((f) => f.no === 1)) {
      const node = fields(n.value as Uint8Array);
      const ints: Record<string, number> = {};
      for (const a of node.filter((f) => f.no === 5)) {
        const attr = fields(a.value as Uint8Array);
        const name = attr.find((f) => f.no === 1);
        const i = attr.find((f) => f.no === 3);
        if (name && i) ints[text(name.value)] = Number(BigInt.asIntN(64, i.value as bigint));
        for (const sub of attr.filter((f) => f.no === 6 || f.no === 11)) graph(sub.value as Uint8Array);
      }
      out.push({
        op: text(node.find((f) => f.no === 4)?.value ?? new Uint8Array()),
        inputs: node.filter((f) => f.no === 1).map((f) => text(f.value)),
        outputs: node.filter((f) => f.no === 2).map((f) => text(f.value)),
        ints,
      });
    }
  };
  for (const g of fields(model).filter((f) => f.no === 7)) graph(g.value as Uint8Array);
  return out;
}

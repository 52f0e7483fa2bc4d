// A minimal protobuf wire-format writer (proto2 semantics, as onnx.proto uses): varints, 64-bit
// signed ints, fixed32 floats, length-delimited bytes/strings/sub-messages, packed repeated fields.
// Needs nothing. Produces `ProtoWriter` (append fields, then `finish()` for the encoded bytes).

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_LEN = 2;

const utf8 = new TextEncoder();

export class ProtoWriter {
  private buf = new Uint8Array(256);
  private len = 0;

  /** An int32/int64/enum/bool field (negative numbers take ten bytes, as protobuf's int64 does). */
  int(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.varint(value);
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    this.reserve(4);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.len, 4).setFloat32(0, value, true);
    this.len += 4;
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_LEN);
    this.varint(value.length);
    this.raw(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, utf8.encode(value));
  }

  /** A sub-message field, written by `write` into a fresh writer. */
  message(field: number, write: (w: ProtoWriter) => void): this {
    const sub = new ProtoWriter();
    write(sub);
    return this.bytes(field, sub.finish());
  }

  /** A packed repeated int64 field. */
  packedInts(field: number, values: readonly (number | bigint)[]): this {
    if (values.length === 0) return this;
    const sub = new ProtoWriter();
    for (const v of values) sub.varint(v);
    return this.bytes(field, sub.finish());
  }

  /** A packed repeated float field. */
  packedFloats(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    const data = new Uint8Array(values.length * 4);
    const view = new DataView(data.buffer);
    values.forEach((v, i) => view.setFloat32(i * 4, v, true));
    return this.bytes(field, data);
  }

  finish(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }

  private tag(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }

  private varint(value: number | bigint): void {
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new Error(`internal: varint of a non-integer ${value}`);
    let v = BigInt.asUintN(64, BigInt(value));
    this.reserve(10);
    while (v >= 0x80n) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
  }

  private raw(data: Uint8Array): void {
    this.reserve(data.length);
    this.buf.set(data, this.len);
    this.len += data.length;
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
}

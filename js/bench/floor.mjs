// A lower bound for `loads` of dict_nested_100k, not a decoder: the least JavaScript that
// builds the same Maps (or plain objects) from the blob's bytes. It knows only the four
// types the blob holds (Int, Float, String, Dictionary), trusts every length and checks
// nothing. What it costs is what V8 needs to create 100,001 Maps, 300,000 entries and
// 100,000 strings: no decoder that gives these values can be faster than it by much.

const decoder = new TextDecoder();

/** The string of `n` bytes at `p`: ASCII one char at a time, anything else by TextDecoder. */
function text(bytes, p, n) {
  if (n > 32) return decoder.decode(bytes.subarray(p, p + n));
  let s = "";
  for (let i = 0; i < n; i++) {
    const c = bytes[p + i];
    if (c > 127) return decoder.decode(bytes.subarray(p, p + n));
    s += String.fromCharCode(c);
  }
  return s;
}

/** The value of `bytes` (a Uint8Array), with Dictionary's type id `dict` (18: Godot 3, 27: Godot 4). */
export function floorDecode(bytes, { dict = 27, objects = false } = {}) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 0;
  const value = () => {
    const type = view.getUint32(p, true) & 0xff;
    p += 4;
    if (type === 2) {
      p += 4;
      return view.getInt32(p - 4, true);
    }
    if (type === 3) {
      p += 4;
      return view.getFloat32(p - 4, true);
    }
    if (type === 4) {
      const n = view.getUint32(p, true);
      const s = text(bytes, p + 4, n);
      p += 4 + ((n + 3) & ~3);
      return s;
    }
    if (type !== dict) throw new Error(`floor: type ${type} is not one it knows`);
    const n = view.getUint32(p, true) & 0x7fffffff;
    p += 4;
    if (objects) {
      const o = {};
      for (let i = 0; i < n; i++) {
        const k = value();
        o[k] = value();
      }
      return o;
    }
    const m = new Map();
    for (let i = 0; i < n; i++) {
      const k = value();
      m.set(k, value());
    }
    return m;
  };
  return value();
}

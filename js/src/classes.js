// The package's classes for Godot values JavaScript has no type for. They hold data only;
// every byte is read and written by the crate. `equals` compares by value, `toString`
// gives the engine's text (computed by the crate through `dumps` + `toText`).

/** Value equality of two values `loads` may return (numbers, BigInts, classes, arrays, Maps). */
export function equal(a, b) {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (typeof a.equals === "function") return a.equals(b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (ArrayBuffer.isView(a)) {
    if (a.length !== b.length || a.godotType !== b.godotType) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    const bs = [...b];
    let i = 0;
    for (const [k, v] of a) {
      if (!equal(k, bs[i][0]) || !equal(v, bs[i][1])) return false;
      i++;
    }
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k, i) => k === kb[i] && equal(a[k], b[k]));
}

let textOf = () => "";
/** Set by index.js: the engine's text of a value, through the crate. */
export function setText(f) {
  textOf = f;
}

/** Base of the classes: `equals` by value, `toString` the engine's Godot 4 text. */
class GodotValue {
  equals(other) {
    return other instanceof this.constructor && equal(this.fields(), other.fields());
  }
  toString() {
    return textOf(this);
  }
}

/** A Godot math value (Vector2 … Projection, Color): `components` in wire order. */
export class MathValue extends GodotValue {
  constructor(components, double = false) {
    super();
    this.components = Array.from(components);
    this.double = Boolean(double);
    Object.freeze(this);
  }
  fields() {
    return [this.components, this.double];
  }
}

/** The math types and their component counts; integer ones end in `i`. */
export const MATH = {
  Vector2: 2, Vector2i: 2, Rect2: 4, Rect2i: 4, Vector3: 3, Vector3i: 3, Transform2D: 6,
  Vector4: 4, Vector4i: 4, Plane: 4, Quaternion: 4, AABB: 6, Basis: 9, Transform3D: 12,
  Projection: 16, Color: 4,
};

export const math = {};
for (const [name, n] of Object.entries(MATH)) {
  const cls = {
    [name]: class extends MathValue {
      constructor(...args) {
        let double = false;
        if (args.length === n + 1 && typeof args[n] === "object" && args[n] !== null) {
          double = Boolean(args.pop().double);
        }
        if (args.length === 1 && typeof args[0] === "object" && args[0] !== null && args[0].length === n) {
          args = Array.from(args[0]);
        }
        if (args.length !== n) throw new TypeError(`${name} takes ${n} components, got ${args.length}`);
        super(args.map(Number), double);
      }
    },
  }[name];
  cls.size = n;
  math[name] = cls;
}

/** A StringName. */
export class StringName extends GodotValue {
  constructor(name) {
    super();
    this.name = String(name);
    Object.freeze(this);
  }
  fields() {
    return [this.name];
  }
}

/** A NodePath: `names` (`root`, `Main`), `subnames` (after `:`), `absolute`. */
export class NodePath extends GodotValue {
  constructor(names, subnames = [], absolute = false) {
    super();
    if (typeof names === "string") {
      const path = names;
      absolute = path.startsWith("/");
      const [main, ...subs] = (absolute ? path.slice(1) : path).split(":");
      names = main === "" ? [] : main.split("/");
      subnames = subs;
    }
    this.names = Array.from(names, String);
    this.subnames = Array.from(subnames, String);
    this.absolute = Boolean(absolute);
    Object.freeze(this);
  }
  fields() {
    return [this.names, this.subnames, this.absolute];
  }
}

/** A RID: its 64-bit `id`. */
export class RID extends GodotValue {
  constructor(id = 0) {
    super();
    this.id = id;
    Object.freeze(this);
  }
  fields() {
    return [BigInt(this.id)];
  }
}

/** An Object written as its instance id. */
export class ObjectId extends GodotValue {
  constructor(id) {
    super();
    this.id = id;
    Object.freeze(this);
  }
  fields() {
    return [BigInt(this.id)];
  }
}

/** A full Object: its class name and properties (data, never instantiated). */
export class GodotObject extends GodotValue {
  constructor(className, properties = new Map()) {
    super();
    this.className = String(className);
    this.properties = properties instanceof Map ? properties : new Map(Object.entries(properties));
  }
  fields() {
    return [this.className, this.properties];
  }
}

/** A Callable (Godot 4 writes none of its data). */
export class Callable extends GodotValue {
  fields() {
    return [];
  }
}

/** A Signal: its name and the id of its object. */
export class Signal extends GodotValue {
  constructor(name, objectId = 0) {
    super();
    this.name = String(name);
    this.objectId = objectId;
    Object.freeze(this);
  }
  fields() {
    return [this.name, BigInt(this.objectId)];
  }
}

/** The element (or key, value) type of a typed container: `kind` is "builtin", "class" or "script". */
export class ContainerType extends GodotValue {
  constructor(kind, name) {
    super();
    this.kind = String(kind);
    this.name = String(name);
    Object.freeze(this);
  }
  fields() {
    return [this.kind, this.name];
  }
  toString() {
    return `${this.kind}:${this.name}`;
  }
}

/** A typed Array: an Array with its element type (`packed`: Pandemonium's PackedTypedArray). */
export class TypedArray extends Array {
  static get [Symbol.species]() {
    return Array;
  }
  static typed(items, elementType, packed = false) {
    const a = new TypedArray();
    for (const x of items) a.push(x);
    a.elementType = elementType;
    a.packed = Boolean(packed);
    return a;
  }
  equals(other) {
    return other instanceof TypedArray && equal(this.elementType, other.elementType) &&
      this.packed === other.packed && equal([...this], [...other]);
  }
}

/** A typed Dictionary: a Map with its key and value types. */
export class TypedDictionary extends Map {
  constructor(entries, keyType = null, valueType = null) {
    super(entries);
    this.keyType = keyType;
    this.valueType = valueType;
  }
  equals(other) {
    return other instanceof TypedDictionary && equal(this.keyType, other.keyType) &&
      equal(this.valueType, other.valueType) && equal(new Map(this), new Map(other));
  }
}

/** A Dictionary a Map cannot hold (keys a Map would merge: int 1 and float 1.0): `[key, value]` pairs. */
export class Pairs extends Array {
  static get [Symbol.species]() {
    return Array;
  }
  static typed(pairs, keyType = null, valueType = null) {
    const p = new Pairs();
    for (const x of pairs) p.push(x);
    p.keyType = keyType;
    p.valueType = valueType;
    return p;
  }
  equals(other) {
    return other instanceof Pairs && equal(this.keyType, other.keyType) &&
      equal(this.valueType, other.valueType) && equal([...this], [...other]);
  }
}

/** A PackedStringArray: an Array of strings. */
export class PackedStringArray extends Array {
  static get [Symbol.species]() {
    return Array;
  }
  static strings(items) {
    const a = new PackedStringArray();
    for (const x of items) a.push(x);
    return a;
  }
  equals(other) {
    return other instanceof PackedStringArray && equal([...this], [...other]);
  }
}

const PACKED = {
  PackedInt32Array: [Int32Array, 1],
  PackedInt64Array: [BigInt64Array, 1],
  PackedFloat32Array: [Float32Array, 1],
  PackedFloat64Array: [Float64Array, 1],
  PackedVector2Array: [Float32Array, 2],
  PackedVector3Array: [Float32Array, 3],
  PackedVector4Array: [Float32Array, 4],
  "PackedVector2Array:double": [Float64Array, 2],
  "PackedVector3Array:double": [Float64Array, 3],
  "PackedVector4Array:double": [Float64Array, 4],
  PackedColorArray: [Float32Array, 4],
  PackedVector2iArray: [Int32Array, 2],
  PackedVector3iArray: [Int32Array, 3],
  PackedVector4iArray: [Int32Array, 4],
};

/**
 * Marks a typed array as a packed array of vectors or colours: `components` per element
 * (2, 3 or 4) and `godotType` (`"PackedVector3Array"`, `"PackedColorArray"`, …).
 */
export function packed(array, godotType) {
  const [, components] = PACKED[godotType] ?? PACKED[`${godotType}:double`] ?? [null, 1];
  Object.defineProperty(array, "godotType", { value: godotType, enumerable: false });
  Object.defineProperty(array, "components", { value: components, enumerable: false });
  return array;
}

/** The factory the crate calls while it walks a value. */
export function make(kind, a, b, c) {
  if (kind in MATH) return new math[kind](...a, { double: b });
  switch (kind) {
    case "StringName": return new StringName(a);
    case "NodePath": return new NodePath(a, b, c);
    case "RID": return new RID(a);
    case "ObjectId": return new ObjectId(a);
    case "Object": return new GodotObject(a, b);
    case "Callable": return new Callable();
    case "Signal": return new Signal(a, b);
    case "ContainerType": return new ContainerType(a, b);
    case "TypedArray": return TypedArray.typed(a, b, c);
    case "TypedDictionary": return new TypedDictionary(a, b, c);
    case "Pairs": return Pairs.typed(a, b, c);
    case "PackedStringArray": return PackedStringArray.strings(a);
    case "Packed": {
      const [Type, components] = PACKED[a];
      const bytes = b; // a fresh copy: its buffer is this array's alone
      const array = new Type(bytes.buffer, bytes.byteOffset, bytes.byteLength / Type.BYTES_PER_ELEMENT);
      if (components === 1) return array;
      return packed(array, a.replace(":double", ""));
    }
    default:
      throw new TypeError(`internal: unknown kind ${kind}`);
  }
}

const TYPED = new Map([
  [Int32Array, "PackedInt32Array"],
  [BigInt64Array, "PackedInt64Array"],
  [Float32Array, "PackedFloat32Array"],
  [Float64Array, "PackedFloat64Array"],
]);

/** What `dumps` writes a JavaScript object as: the crate reads its fields by this name. */
export function kindOf(v) {
  if (Array.isArray(v)) {
    if (v instanceof TypedArray) return "TypedArray";
    if (v instanceof Pairs) return "Pairs";
    if (v instanceof PackedStringArray) return "PackedStringArray";
    return "Array";
  }
  if (v instanceof Map) return v instanceof TypedDictionary ? "TypedDictionary" : "Map";
  if (v instanceof Uint8Array) return "Uint8Array";
  if (ArrayBuffer.isView(v)) {
    if (typeof v.godotType === "string") {
      const double = v instanceof Float64Array && v.godotType !== "PackedFloat64Array";
      return double ? `${v.godotType}:double` : v.godotType;
    }
    const t = TYPED.get(v.constructor);
    if (t) return t;
    throw new TypeError(`no packed array holds a ${v.constructor.name}`);
  }
  if (v instanceof MathValue) return v.constructor.name;
  for (const cls of [StringName, NodePath, RID, ObjectId, GodotObject, Callable, Signal]) {
    if (v instanceof cls) return cls.name;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) return "Object";
  throw new TypeError(`cannot write a ${v.constructor?.name ?? "value"} as a Godot value`);
}

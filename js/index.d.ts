/** Which engine wrote the bytes: detected (`"auto"`), Godot 3 or 4, or a Pandemonium era. */
export type Godot = "auto" | 3 | 4 | "pm-a" | "pm-b" | "pm-c";

/** The engine's text style. */
export type TextStyle = "3.2" | "3.6" | "4" | "pm-a" | "pm-b" | "pm-c";

/** Where to find the value in the input. */
export interface ReadOptions {
  /** The dialect; detected when absent or `"auto"`. */
  godot?: Godot;
  /** `true`: a store_var/put_var frame (u32 length first); `false`: raw bytes; absent: detected. */
  prefixed?: boolean;
}

/** Bytes that are not a valid value. */
export class DecodeError extends Error {
  /** The crate's error kind (`"UnexpectedEnd"`, `"LengthOutOfBounds"`, `"UnknownType"`, …). */
  readonly kind: string;
  /** The byte offset of the problem, from the start of the input. */
  readonly offset: number;
}

/** The engine's text form of the value in `bytes` (the dialect's style unless `style`). */
export function toText(
  bytes: Uint8Array | ArrayBuffer | ArrayBufferView,
  options?: ReadOptions & { style?: TextStyle },
): string;

/** The crate's lossless JSON of the value in `bytes`. */
export function toJSON(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: ReadOptions): string;

/** Options of `loads`. */
export interface LoadsOptions extends ReadOptions {
  /** Accept full objects (data, never instantiated). Default `true`. */
  allowObjects?: boolean;
  /** Deepest nesting accepted. Default 1024, the engine's. */
  maxDepth?: number;
  /** Every int as a `BigInt` (default: a `number` when |n| ≤ 2^53 − 1, else a `BigInt`). */
  bigint?: boolean;
  /** An untyped Dictionary whose keys are all strings as a plain object (default: a `Map`). */
  objects?: boolean;
}

/** A packed array of vectors or colours: a typed array with `components` numbers per element. */
export type PackedVectors<T extends Float32Array | Float64Array | Int32Array> = T & {
  /** Numbers per element: 2, 3 or 4. */
  readonly components: 2 | 3 | 4;
  /** `"PackedVector2Array"`, `"PackedVector3Array"`, `"PackedVector4Array"`, `"PackedColorArray"`, `"PackedVector2iArray"`, … */
  readonly godotType: string;
};

/** Any value `loads` gives. */
export type GodotValue =
  | null | boolean | number | bigint | string
  | GodotValue[] | Map<GodotValue, GodotValue> | { [key: string]: GodotValue }
  | MathValue | StringName | NodePath | RID | ObjectId | GodotObject | Callable | Signal
  | TypedArray | TypedDictionary | Pairs | PackedStringArray
  | Uint8Array | Int32Array | BigInt64Array | Float32Array | Float64Array;

/** The JavaScript value of the value in `bytes` (the whole input: one value or one frame). */
export function loads(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: LoadsOptions): GodotValue;

/** Value equality of two values `loads` may give. */
export function equal(a: unknown, b: unknown): boolean;

/** Base of the package's classes. */
declare abstract class Base {
  /** Equal by value to `other`. */
  equals(other: unknown): boolean;
  /** The engine's text of the value. */
  toString(): string;
}

/** A Godot math value: its components in wire order. */
export class MathValue extends Base {
  readonly components: number[];
  /** Double-precision data (`precision=double` builds). */
  readonly double: boolean;
}
/** A math class: `new Vector3(1, 2, 3)`, `new Vector3(1, 2, 3, { double: true })`, `new Vector3([1, 2, 3])`. */
export interface MathClass<T extends MathValue> {
  new (...components: Array<number | number[] | { double?: boolean }>): T;
  readonly size: number;
}
export class Vector2 extends MathValue {}
export class Vector2i extends MathValue {}
export class Rect2 extends MathValue {}
export class Rect2i extends MathValue {}
export class Vector3 extends MathValue {}
export class Vector3i extends MathValue {}
export class Transform2D extends MathValue {}
export class Vector4 extends MathValue {}
export class Vector4i extends MathValue {}
export class Plane extends MathValue {}
export class Quaternion extends MathValue {}
export class AABB extends MathValue {}
export class Basis extends MathValue {}
export class Transform3D extends MathValue {}
export class Projection extends MathValue {}
export class Color extends MathValue {}
/** The math classes by name. */
export const math: Record<string, MathClass<MathValue>>;

/** A StringName. */
export class StringName extends Base {
  constructor(name: string);
  readonly name: string;
}
/** A NodePath; `new NodePath("/root/Main:position:x")` or from its parts. */
export class NodePath extends Base {
  constructor(path: string);
  constructor(names: string[], subnames?: string[], absolute?: boolean);
  readonly names: string[];
  readonly subnames: string[];
  readonly absolute: boolean;
}
/** A RID. */
export class RID extends Base {
  constructor(id?: number | bigint);
  readonly id: number | bigint;
}
/** An Object written as its instance id. */
export class ObjectId extends Base {
  constructor(id: number | bigint);
  readonly id: number | bigint;
}
/** A full Object: data, never instantiated. */
export class GodotObject extends Base {
  constructor(className: string, properties?: Map<string, GodotValue> | Record<string, GodotValue>);
  readonly className: string;
  readonly properties: Map<string, GodotValue>;
}
/** A Callable. */
export class Callable extends Base {}
/** A Signal. */
export class Signal extends Base {
  constructor(name: string, objectId?: number | bigint);
  readonly name: string;
  readonly objectId: number | bigint;
}
/** The element, key or value type of a typed container. */
export class ContainerType extends Base {
  constructor(kind: "builtin" | "class" | "script", name: string);
  readonly kind: "builtin" | "class" | "script";
  readonly name: string;
}
/** A typed Array (`packed`: Pandemonium's PackedTypedArray). */
export class TypedArray extends Array<GodotValue> {
  static from2(items: Iterable<GodotValue>, elementType: ContainerType, packed?: boolean): TypedArray;
  elementType: ContainerType;
  packed: boolean;
  equals(other: unknown): boolean;
}
/** A typed Dictionary. */
export class TypedDictionary extends Map<GodotValue, GodotValue> {
  constructor(entries: Iterable<[GodotValue, GodotValue]>, keyType?: ContainerType | null, valueType?: ContainerType | null);
  keyType: ContainerType | null;
  valueType: ContainerType | null;
  equals(other: unknown): boolean;
}
/** A Dictionary whose keys a Map would merge (int 1 and float 1.0): its `[key, value]` pairs. */
export class Pairs extends Array<[GodotValue, GodotValue]> {
  static from2(pairs: Iterable<[GodotValue, GodotValue]>, keyType?: ContainerType | null, valueType?: ContainerType | null): Pairs;
  keyType: ContainerType | null;
  valueType: ContainerType | null;
  equals(other: unknown): boolean;
}
/** A PackedStringArray. */
export class PackedStringArray extends Array<string> {
  static from2(items: Iterable<string>): PackedStringArray;
  equals(other: unknown): boolean;
}
/** Marks `array` as a packed array of vectors or colours (`"PackedVector3Array"`, `"PackedColorArray"`, …). */
export function packed<T extends Float32Array | Float64Array | Int32Array>(array: T, godotType: string): PackedVectors<T>;

/** A JavaScript value the chosen dialect cannot hold (a type it lacks, nesting deeper than 1024, …). */
export class EncodeError extends Error {}

/** Options of `dumps`. */
export interface DumpsOptions {
  /** The dialect to write. Default 4. */
  godot?: Exclude<Godot, "auto">;
  /** Write a store_var / put_var frame: a u32 length first. Default `false`. */
  prefixed?: boolean;
}

/**
 * The engine's exact bytes for `value`. A `number` that is an integer of at most 53 bits
 * (and not -0) is an int, any other number a float; a `BigInt` is an int. Typed arrays are
 * packed arrays; `Map`s and plain objects Dictionaries; arrays Arrays.
 */
export function dumps(value: GodotValue, options?: DumpsOptions): Uint8Array;

/** The bytes of the engine's text form (`godot`: the dialect to write, default 4); bad text throws a `DecodeError` of kind `"SyntaxError"`. */
export function fromText(text: string, options?: { godot?: Exclude<Godot, "auto"> }): Uint8Array;

/** The bytes of the crate's lossless JSON; bad JSON throws a `DecodeError` of kind `"SyntaxError"`. */
export function fromJSON(json: string, options?: { godot?: Exclude<Godot, "auto"> }): Uint8Array;

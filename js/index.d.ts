/** Which engine wrote the bytes: detected (`"auto"`), Godot 3 or 4, or a Pandemonium era. */
export type Godot = "auto" | 3 | 4 | "pm-a" | "pm-b" | "pm-c";

/** The engine's text style. */
export type TextStyle = "3.2" | "3.6" | "4" | "pm-a" | "pm-b" | "pm-c";

/** Any bytes the readers take. */
export type Bytes = Uint8Array | ArrayBuffer | ArrayBufferView;

/** Where to find the value in the input, and how to open the file around it. */
export interface ReadOptions {
  /**
   * The dialect. Absent: the default dialect (`setDefaults`, else `GDVARIANT_GODOT` in
   * Node's environment), else detected. `"auto"`: detected, whatever the default. An input
   * two dialects (or framings) read as well is refused (`ERR_AMBIGUOUS`) until this (or
   * `prefixed`) says which it is.
   */
  godot?: Godot;
  /** `true`: a store_var/put_var frame (u32 length first); `false`: raw bytes; absent: detected. */
  prefixed?: boolean;
  /** The password of an encrypted file (`open_encrypted_with_pass`). */
  password?: string;
  /** The key of an encrypted file (`open_encrypted`): 64 hex digits or 32 bytes. */
  key?: string | Uint8Array;
  /** A `compress()` stream's mode when it has no header (`"fastlz"`, `"brotli"`), or `"none"` for bytes that are no stream. Detected when absent. */
  decompress?: "fastlz" | "deflate" | "zstd" | "gzip" | "brotli" | "none";
  /** Accept full objects (data, never instantiated). Default `true`. */
  allowObjects?: boolean;
  /** Deepest nesting accepted. Default 1024, the engine's. */
  maxDepth?: number;
}

/** How values are given to JavaScript. */
export interface MappingOptions {
  /** Every int as a `BigInt` (default: a `number` when |n| ≤ 2^53 − 1, else a `BigInt`). With it, `dumps(v, {bigint: true})` gives the bytes back exactly. */
  bigint?: boolean;
  /** An untyped Dictionary whose keys are all strings (none an array index like `"1"`, which a plain object would list first, nor `__proto__`) as a plain object (default: a `Map`). */
  objects?: boolean;
}

/**
 * What went wrong, in Node's style: every error the package throws from the crate has one
 * (CHANGELOG.md lists the names they replace).
 */
export type ErrorCode =
  // The bytes of a value or a frame.
  | "ERR_UNEXPECTED_END" | "ERR_LENGTH_OUT_OF_BOUNDS" | "ERR_UNKNOWN_TYPE" | "ERR_INVALID_UTF8"
  | "ERR_TOO_DEEP" | "ERR_TOO_MANY_NODES" | "ERR_INVALID_CONTAINER_TYPE" | "ERR_OLD_NODE_PATH"
  | "ERR_FULL_OBJECT_NOT_ALLOWED" | "ERR_INVALID_SCRIPT_PROPERTY" | "ERR_TRAILING_BYTES"
  | "ERR_NON_CANONICAL" | "ERR_FRAME_TOO_LARGE"
  // A whole input read as one value.
  | "ERR_AMBIGUOUS" | "ERR_MULTIPLE_FRAMES" | "ERR_NOT_A_SAVE"
  // Compressed and encrypted files, compress() streams.
  | "ERR_UNKNOWN_MODE" | "ERR_ZERO_BLOCK_SIZE" | "ERR_SIZE_MISMATCH" | "ERR_BLOCK_TOO_LARGE"
  | "ERR_CORRUPT_BLOCK" | "ERR_BLOCK_OVERFLOW" | "ERR_BLOCK_SHORT" | "ERR_BAD_END_MAGIC"
  | "ERR_TOO_LARGE" | "ERR_NEEDS_KEY" | "ERR_WRONG_KEY" | "ERR_CIPHERTEXT_LENGTH"
  | "ERR_UNKNOWN_LAYOUT" | "ERR_AMBIGUOUS_STREAM" | "ERR_CANNOT_WRITE" | "ERR_CANNOT_FIT"
  | "ERR_UNSUPPORTED" | "ERR_NO_RANDOM"
  // Options, text and JSON, writing.
  | "ERR_BAD_OPTION" | "ERR_SYNTAX" | "ERR_ENCODE" | "ERR_IO"
  // Paths and edits.
  | "ERR_NOT_FOUND" | "ERR_NOT_A_CONTAINER" | "ERR_PATH_SYNTAX" | "ERR_PATH"
  | "ERR_ALREADY_EXISTS" | "ERR_TYPE_MISMATCH" | "ERR_INVALID_KEY" | "ERR_TOP_LEVEL"
  | "ERR_UNREPRESENTABLE" | "ERR_INVALID_VALUE" | "ERR_INVALID_INPUT" | "ERR_CONFLICT" | "ERR_EDIT";

/** The base of the package's errors. */
declare abstract class GodotError extends Error {
  /** What went wrong (`"ERR_UNEXPECTED_END"`, `"ERR_WRONG_KEY"`, …). */
  readonly code: ErrorCode;
  /** Where: the byte offset from the start of the input (in text or JSON, the character; 0 when none applies). */
  readonly offset: number;
  /** @deprecated The name the error had before `code` (`"UnexpectedEnd"`, `"wrong_key"`, …); goes in the next release. Node warns once (DeprecationWarning GDVARIANT_KIND). */
  readonly kind: string;
}

/** A path that leads nowhere: `"ERR_NOT_FOUND"`, `"ERR_NOT_A_CONTAINER"` or `"ERR_PATH_SYNTAX"` (`offset`: the byte offset of the container, or value, where the path stopped; for `"ERR_PATH_SYNTAX"`, the character in the path). */
export class PathError extends GodotError {}

/** An edit the crate refused (`"ERR_TYPE_MISMATCH"`, `"ERR_ALREADY_EXISTS"`, `"ERR_CONFLICT"`, `"ERR_NOT_FOUND"`, `"ERR_NOT_A_CONTAINER"`, `"ERR_TOO_DEEP"`, `"ERR_MULTIPLE_FRAMES"` for a plain path in a file of several frames, …); the plan is left as it was. */
export class EditError extends GodotError {}

/** Bytes that are not a valid value, or a file that does not open (`"ERR_UNEXPECTED_END"`, `"ERR_AMBIGUOUS"`, `"ERR_WRONG_KEY"`, `"ERR_SYNTAX"`, …). */
export class DecodeError extends GodotError {}

/** What `setDefaults` sets. */
export interface Defaults {
  /** The dialect of every call that names none: readers read in it (detecting only the framing), writers write it (instead of Godot 4). */
  godot?: Exclude<Godot, "auto"> | "3" | "4" | null;
}

/**
 * Sets the defaults of every later call that names none, for this module's lifetime (a
 * page, a Worker, a process); `setDefaults({})` clears them. A call's own options win; it
 * wins over `GDVARIANT_GODOT` (Node's environment, read at each call: `3`, `4`, `pm-a`,
 * `pm-b`, `pm-c`; unset or empty: none; `auto` is refused, as the command line refuses it). A bad value is a `TypeError` (code
 * `"ERR_BAD_OPTION"`) naming `setDefaults` (or `GDVARIANT_GODOT`). Gives the defaults as
 * they were.
 */
export function setDefaults(defaults: Defaults): { godot?: Exclude<Godot, "auto"> };

/** The defaults `setDefaults` set (`{}` when none; `GDVARIANT_GODOT` is not among them). */
export function getDefaults(): { godot?: Exclude<Godot, "auto"> };

/** The engine's text form of the value in `bytes` (the dialect's style unless `style`). */
export function toText(bytes: Bytes, options?: ReadOptions & { style?: TextStyle }): string;

/** The crate's lossless JSON of the value in `bytes`, or with `plain` the plain JSON (numbers, strings, arrays, objects; lossy). */
export function toJSON(bytes: Bytes, options?: ReadOptions & { plain?: boolean }): string;

/** Options of `loads`. */
export interface LoadsOptions extends ReadOptions, MappingOptions {}

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
export function loads(bytes: Bytes, options?: LoadsOptions): GodotValue;

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
  static typed(items: Iterable<GodotValue>, elementType: ContainerType, packed?: boolean): TypedArray;
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
  static typed(pairs: Iterable<[GodotValue, GodotValue]>, keyType?: ContainerType | null, valueType?: ContainerType | null): Pairs;
  keyType: ContainerType | null;
  valueType: ContainerType | null;
  equals(other: unknown): boolean;
}
/** A PackedStringArray. */
export class PackedStringArray extends Array<string> {
  static strings(items: Iterable<string>): PackedStringArray;
  equals(other: unknown): boolean;
}
/** Marks `array` as a packed array of vectors or colours (`"PackedVector3Array"`, `"PackedColorArray"`, …). */
export function packed<T extends Float32Array | Float64Array | Int32Array>(array: T, godotType: string): PackedVectors<T>;

/** A JavaScript value the chosen dialect cannot hold (a type it lacks, nesting deeper than 1024, …): `"ERR_ENCODE"`. */
export class EncodeError extends GodotError {}

/** Options of `dumps`. */
export interface DumpsOptions {
  /** The dialect to write. Default: the default dialect (`setDefaults`, `GDVARIANT_GODOT`), else 4. */
  godot?: Exclude<Godot, "auto">;
  /** Write a store_var / put_var frame: a u32 length first. Default `false`. */
  prefixed?: boolean;
  /** Ints are `BigInt`s and every `number` is a float (what `loads` gives with `bigint`). */
  bigint?: boolean;
}

/**
 * The engine's exact bytes for `value`. A `number` that is an integer of at most 53 bits
 * (and not -0) is an int, any other number a float; a `BigInt` is an int. Typed arrays are
 * packed arrays; `Map`s and plain objects Dictionaries; arrays Arrays.
 */
export function dumps(value: GodotValue, options?: DumpsOptions): Uint8Array;

/** The bytes of the engine's text form (`godot`: the dialect to write; default the default dialect, else 4); bad text throws a `DecodeError` of code `"ERR_SYNTAX"`. */
export function fromText(text: string, options?: { godot?: Exclude<Godot, "auto"> }): Uint8Array;

/** The bytes of JSON: the crate's lossless JSON, or plain JSON (`plain`; detected from the first key when absent). Bad JSON throws a `DecodeError` of code `"ERR_SYNTAX"`. */
export function fromJSON(json: string, options?: { godot?: Exclude<Godot, "auto">; plain?: boolean }): Uint8Array;

/** What wraps a file, as `containerOf` says it. */
export interface ContainerInfo {
  container: "plain" | "compressed" | "encrypted" | "stream";
  /** The compression mode (compressed files and streams). */
  compress?: "fastlz" | "deflate" | "zstd" | "gzip" | "brotli";
  /** Bytes per block of a compressed file. */
  blockSize?: number;
  /** The layout of an encrypted file: Godot 3's or 4's. */
  godot?: 3 | 4;
}

/** What wraps `bytes` (no key needed: an encrypted file's layout is in its header). */
export function containerOf(bytes: Bytes, options?: Pick<ReadOptions, "decompress">): ContainerInfo;

/** The plain bytes inside a compressed or encrypted file or a `compress()` stream; plain bytes come back as they are. DecodeError codes: `"ERR_NEEDS_KEY"`, `"ERR_WRONG_KEY"`, `"ERR_SIZE_MISMATCH"`, `"ERR_CORRUPT_BLOCK"`, … */
export function unpack(bytes: Bytes, options?: Pick<ReadOptions, "password" | "key" | "decompress">): Uint8Array;

/** `plain` in a new container: `compress` (a GCPF file of `blockSize` blocks, or a bare stream with `stream`), or `password` / `key` (a GDEC file in `godot`'s layout, a fresh IV; default the default dialect's, else Godot 4's). */
export function pack(
  plain: Bytes,
  options: { compress?: "fastlz" | "deflate" | "zstd" | "gzip"; blockSize?: number; stream?: boolean; password?: string; key?: string | Uint8Array; godot?: 3 | 4 },
): Uint8Array;

/** One value of an input validated once. */
export class View {
  /** The type's name in the input's dialect (`"Dictionary"`, `"PackedVector3Array"`, …). */
  readonly type: string;
  /** The offset of the value's header in the plain input. */
  readonly offset: number;
  /** The value's encoded size in bytes. */
  readonly size: number;
  /** Elements, entries or properties of a container; elements of a packed array; `undefined` otherwise. */
  readonly length: number | undefined;
  /** Array, Dictionary or full Object. */
  readonly isContainer: boolean;
  /** The value at `path` (`"player/items/0"`): a View for a container, else the value as `loads` gives it. Throws PathError. */
  get(path: string | number): View | GodotValue;
  /** The View at `path`, whatever its type. Throws PathError. */
  at(path: string | number): View;
  /** Is there a value at `path`? */
  has(path: string | number): boolean;
  /** Dictionary keys, Object property names or Array indices. */
  keys(): GodotValue[];
  /** Child `i` (`undefined` past the end). The first call walks the children once. */
  child(i: number): View | undefined;
  /** How child `i` is reached. */
  key(i: number): GodotValue;
  /** `[key, View]` for every child. */
  entries(): IterableIterator<[GodotValue, View]>;
  /** The whole value as `loads` gives it. */
  value(): GodotValue;
  /** The value's encoded bytes. */
  bytes(): Uint8Array;
  /** The engine's text form. */
  toText(options?: { style?: TextStyle }): string;
  /** Lossless (or plain) JSON. */
  toJSON(options?: { plain?: boolean }): string;
  /** Gives this View's hold on the input's copy in WebAssembly memory back now (the copy goes with its last View); the View cannot be used afterwards. */
  free(): void;
  /** This value (path `"/"`) and the places under it whose key or string value contains `needle` (ASCII case ignored), and the place `needle` names as a path; at most `limit` (1000). */
  search(needle: string, options?: { limit?: number }): { hits: SearchHit[]; more: boolean };
}

/** One place `View.search` found. */
export interface SearchHit {
  /** The path from the searched value (`"/player/inventory/3"`). */
  path: string;
  /** The offset of the value (of a packed array's elements, for an element). */
  offset: number;
  /** The value's type name, or `"element"`. */
  type: string;
  /** What matched. */
  match: "path" | "key" | "value";
}

/** One side of a difference. */
export interface DiffSide {
  type: string;
  offset: number;
  size?: number;
  index?: number;
  /** The engine's text on one line, cut to `width` characters. */
  text: string;
}

/** One difference `diff` found. */
export interface DiffChange {
  kind: "changed" | "removed" | "added";
  /** The place (in the first value, or in the second for `"added"`). */
  path: string;
  old?: DiffSide;
  new?: DiffSide;
}

/** The crate's structural diff of two Views (Dictionary entries by key, Array elements by a longest common subsequence). */
export function diff(a: View, b: View, options?: { limit?: number; width?: number }): DiffChange[];

/** What a file is, as `gdvariant check` says it. */
export interface Description {
  container: ContainerInfo;
  godot: Exclude<Godot, "auto">;
  prefix: "little" | "big" | null;
  frames: number;
  type: string;
  size: number;
  exact: boolean;
  ambiguous: boolean;
  candidates: Reading[];
  /** The readings as plausible as the chosen one that give other values (empty unless `ambiguous`): what the chosen reading was guessed against. */
  rivals: Reading[];
}

/** One way of reading a file: its dialect, its framing and the type of its (first) value. */
export interface Reading {
  godot: Exclude<Godot, "auto">;
  prefix: "little" | "big" | null;
  type: string;
}

/** Opens the container (with `password` / `key`) and detects the dialect and framing. */
export function describe(bytes: Bytes, options?: ReadOptions): Description;

/** A lazy View of the value in `bytes`, validated once. */
export function view(bytes: Bytes, options?: ReadOptions & MappingOptions): View;

/** The values of a file of store_var frames in order (Views with `view: true`); a damaged frame throws after the ones before it. */
export function iterFrames(bytes: Bytes, options?: ReadOptions & MappingOptions & { view?: false }): Generator<GodotValue>;
export function iterFrames(bytes: Bytes, options: ReadOptions & MappingOptions & { view: true }): Generator<View>;

/**
 * An edit plan: operations are checked when added; `toBytes()` writes the file back in its
 * container. Paths are the crate's (`"player/items/0"`); in a file of several store_var
 * frames they start with the frame's number, as the CLI's do (`"#1/player/hp"`, `"#1"`
 * for the frame's whole value), or go to the frame the `frame` option names. In a file of
 * one value, `"#0/player/hp"` is `"player/hp"`.
 */
export class Editor {
  /** The dialect new values are written in. */
  readonly godot: Exclude<Godot, "auto">;
  /** What the file was wrapped in. */
  readonly container: ContainerInfo;
  /** How many byte ranges the output changes. */
  readonly changeCount: number;
  /** How many values the input holds: 1, or its store_var frames (`#0` to `#frames - 1`). */
  readonly frames: number;
  /** Replaces the value at `path`, adds a Dictionary key, or appends at an Array's length. */
  set(path: string | number, value: GodotValue): this;
  /** `set` with the engine's text form (`"Vector2(3, 4)"`). */
  setText(path: string | number, text: string): this;
  /** Replaces the value at `path`, which must exist. */
  replace(path: string | number, value: GodotValue): this;
  /** Inserts a Dictionary key, or an Array element before that index. */
  insert(path: string | number, value: GodotValue): this;
  /** Deletes the Dictionary entry, Array element or packed element at `path`. */
  delete(path: string | number): this;
  /** The edited file, in the container it came in (the same key, a fresh IV). */
  toBytes(): Uint8Array;
  /** The edited plain bytes. */
  toPlainBytes(): Uint8Array;
  /** Gives the plan's copy of the input back now; the Editor cannot be used afterwards. */
  free(): void;
}

/**
 * An Editor of the values in `bytes` (`frame`: the store_var frame of a file of several
 * that plain paths go to; without it, paths there start with `#N/`). An input two readings
 * explain as well is refused (`ERR_AMBIGUOUS`, naming both and the `godot` / `prefixed`
 * option that picks each): nothing is written back on a guess.
 */
export function edit(bytes: Bytes, options?: ReadOptions & { bigint?: boolean; frame?: number }): Editor;

/** Where a scan finding is, as `gdvariant scan --json` writes it. */
export type ScanLocation =
  | { part: "value"; frame: number | null; path: string }
  | { part: "config"; section: string; key: string; path: string }
  | { part: "section"; index: number; tag: string; id: string | null; property: string | null; path: string };

/** One finding of `scan`: the fields of `gdvariant scan --json`, and its one-line `message`. */
export interface ScanFinding {
  kind: "embedded_script" | "script_reference" | "script_attached" | "outside_resource" | "scene_instance" | "connection" | "script_path";
  runs_code: boolean;
  location: ScanLocation;
  message: string;
  /** The kind's own fields: `class`, `source`, `path`, `path_kind`, `holder`, `script`, `type`, `placeholder`, `from`, `signal`, `to`, `method`. */
  [field: string]: unknown;
}

/** What loading a file would run or reach. */
export interface ScanReport {
  /** Loading it would run code (an embedded script, a script loaded or attached). */
  runsCode: boolean;
  /** It names a file outside `res://`. */
  reachesOutside: boolean;
  findings: ScanFinding[];
  /** The report as `gdvariant scan --json` writes it (without `file`). */
  json: string;
}

/** The options of `openFile` and `scan`. */
export interface FileOptions {
  /** The password of an encrypted ConfigFile (`save_encrypted_pass`). */
  password?: string;
  /** The key of an encrypted ConfigFile (`save_encrypted`): 64 hex digits or 32 bytes. */
  key?: string | Uint8Array;
  /** A ConfigFile's engine (else found from its text); Variant data's dialect for `scan`. */
  godot?: Godot;
}

/**
 * A ConfigFile (plain or encrypted), a text resource or scene (`.tres`, `.tscn`) or a
 * binary one (`.res`, `.scn`, RSCC too). Paths: `section/key` in a ConfigFile; `name`,
 * `sub:ID/name`, `node:PATH/name`, `ext:ID/attr`, `header/attr` in a resource.
 */
export class GodotFile {
  readonly kind: "config" | "text_resource" | "binary_resource";
  /** The engine of its values. */
  readonly godot: 3 | 4;
  /** An encrypted ConfigFile (`toBytes` encrypts it again). */
  readonly encrypted: boolean;
  /** The text as written, with the edits; `undefined` for a binary resource. */
  readonly text: string | undefined;
  /** The value at `path`, as `loads` gives it; PathError (`ERR_NOT_FOUND`) when nothing is there. */
  get(path: string): GodotValue;
  /** The value at `path` in the file's text form (`SubResource("id")` for a reference). */
  getText(path: string): string;
  /** What the engine writes for the file (a binary resource: its `.tres` / `.tscn` text). */
  show(): string;
  /** The file as JSON text (values in the crate's lossless JSON). */
  toJSON(): string;
  /** Sets `path` to `value`, written in the file's text form; the rest of the text stays. */
  set(path: string, value: GodotValue): this;
  /** Sets `path` to the text-form literal `text`. */
  setText(path: string, text: string): this;
  /** Removes the entry at `path`; false when there was none. */
  delete(path: string): boolean;
  /** The file's bytes with the edits. A binary resource throws EditError (`ERR_READ_ONLY`): writing `.res` is not in this version. */
  toBytes(): Uint8Array;
  /** What loading the file could run or reach. */
  scan(): ScanReport;
  /** Gives the file's copy in WebAssembly memory back now. */
  free(): void;
}

/** Opens a ConfigFile, text resource or binary resource from its bytes (the kind is found from the content). */
export function openFile(bytes: Bytes, options?: FileOptions & { bigint?: boolean }): GodotFile;

/** What loading `bytes` (a ConfigFile, resource, scene or Variant data) would run or reach, without loading it. */
export function scan(bytes: Bytes, options?: FileOptions): ScanReport;

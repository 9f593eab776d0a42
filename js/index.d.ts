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

"""``DecodeError.kind``: one spelling, snake_case, for every error.

0.1 gave the crate's Rust names for errors in values and frames (``"UnexpectedEnd"``,
``"FrameTooLarge"``) beside snake_case ones for the rest (``"wrong_key"``,
``"multiple_frames"``). Every kind is snake_case now; for one release a kind also equals
its old spelling (``e.kind == "UnexpectedEnd"``, ``e.kind in ("UnexpectedEnd", …)``,
``match e.kind: case "UnexpectedEnd"``), with a ``DeprecationWarning`` that names the new
one. A ``set`` or ``dict`` of old spellings does not find them (a ``str``'s hash is its
text's): compare, or switch to the new names.
"""

import warnings

# The new spelling -> the old ones it still equals (CHANGELOG.md lists them).
RENAMED = {
    "unexpected_end": ("UnexpectedEnd",),
    "length_out_of_bounds": ("LengthOutOfBounds",),
    "unknown_type": ("UnknownType",),
    "invalid_utf8": ("InvalidUtf8",),
    "too_deep": ("TooDeep",),
    "too_many_nodes": ("TooManyNodes",),
    "invalid_container_type": ("InvalidContainerType",),
    "old_node_path": ("OldNodePath",),
    "full_object_not_allowed": ("FullObjectNotAllowed",),
    "invalid_script_property": ("InvalidScriptProperty",),
    "trailing_bytes": ("TrailingBytes",),
    "non_canonical": ("NonCanonical",),
    "frame_too_large": ("FrameTooLarge",),
    # A stream that may be plain bytes (decompress= chooses), apart from an input two
    # dialects read ("ambiguous", godot= chooses).
    "ambiguous_stream": ("ambiguous",),
}


class Kind(str):
    """A ``DecodeError.kind``: a ``str`` (its snake_case text) that, for one release, also
    equals the kind's old spelling, with a ``DeprecationWarning``."""

    __slots__ = ()

    def _equals(self, other: object) -> bool:
        if str.__eq__(self, other) is True:
            return True
        if isinstance(other, str) and other in RENAMED.get(str(self), ()):
            warnings.warn(
                f"DecodeError.kind {other!r} is spelled {str(self)!r} now; the old spelling "
                "stops matching in the next release",
                DeprecationWarning, stacklevel=3)
            return True
        return False

    def __eq__(self, other: object) -> bool:
        return self._equals(other)

    def __ne__(self, other: object) -> bool:
        return not self._equals(other)

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return str.__repr__(str(self))

    def __reduce__(self):  # pickled as what it is (a worker's error sent back)
        return (Kind, (str(self),))

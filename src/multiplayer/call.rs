//! `NETWORK_COMMAND_REMOTE_CALL`: an RPC (`SceneRPCInterface::_send_rpc` /
//! `process_rpc`).
//!
//! ```text
//! u8         meta: command 0 | node-id width << 4 | method-id width << 6 | byte-only << 7
//! u8|u16|u32 node: a path-cache id, or 0x80000000 | offset of the appended path
//! u8|u16     method id
//! [u8        argc, then argc compressed values]      (byte-only clear)
//! [bytes     one PackedByteArray's raw bytes, or none] (byte-only set)
//! [path NUL  the node's path, when not yet cached]
//! ```

use alloc::vec::Vec;

use super::cursor::{c_string, Cursor};
use super::error::{PacketError, PacketErrorKind, WriteError};
use super::values::{ValueWriter, Values};
use super::Command;
use crate::read::options::ParseOptions;
use crate::write::BuildError;

const NODE_WIDTH_SHIFT: u8 = 4;
const METHOD_WIDTH_BIT: u8 = 0x40;
const BYTE_ONLY_BIT: u8 = 0x80;
const NODE_WIDTH_MASK: u8 = 0x30;
/// Bit 31 of a u32 node field: the path is appended at the offset in the low 31 bits.
pub(crate) const UNCACHED: u32 = 0x8000_0000;

/// How wide an id is on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdWidth {
    /// One byte.
    U8,
    /// Two bytes, little-endian.
    U16,
    /// Four bytes, little-endian (node ids only).
    U32,
}

impl IdWidth {
    /// The width in bytes.
    pub const fn bytes(self) -> usize {
        match self {
            IdWidth::U8 => 1,
            IdWidth::U16 => 2,
            IdWidth::U32 => 4,
        }
    }

    /// The smallest width that holds `id`, as the engine picks it.
    pub const fn smallest(id: u32) -> IdWidth {
        if id <= 0xFF {
            IdWidth::U8
        } else if id <= 0xFFFF {
            IdWidth::U16
        } else {
            IdWidth::U32
        }
    }

    fn code(self) -> u8 {
        match self {
            IdWidth::U8 => 0,
            IdWidth::U16 => 1,
            IdWidth::U32 => 2,
        }
    }
}

/// The node a remote call is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeTarget<'a> {
    /// The sender's path-cache id for the node (sent earlier in a
    /// [`SimplifyPath`](super::SimplifyPath)), and the width it went on the wire with. The
    /// engine uses the smallest width once every target has confirmed the id, and
    /// `U32` while some have not.
    Cached {
        /// The sender's id for the node.
        id: u32,
        /// Its width on the wire.
        width: IdWidth,
    },
    /// Not cached yet: the node's path relative to the multiplayer root (`"Echo"` for
    /// `/root/Echo` under the default root), appended to the packet.
    Path(&'a str),
}

impl NodeTarget<'_> {
    /// A cached id in the smallest width (the engine's choice when every target has
    /// confirmed the path).
    pub const fn cached(id: u32) -> NodeTarget<'static> {
        NodeTarget::Cached {
            id,
            width: IdWidth::smallest(id),
        }
    }
}

/// How a remote call carries its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Args<'a> {
    /// An argument count and that many compressed values.
    Values(Values<'a>),
    /// The byte-only form: the raw bytes of a single `PackedByteArray` argument, with no
    /// header. Empty bytes mean **no arguments**: the engine sends a call without
    /// arguments this way, and an empty `PackedByteArray` as the only argument the same
    /// way, so the receiver calls the method with none.
    Bytes(&'a [u8]),
}

impl<'a> Args<'a> {
    /// How many arguments the method is called with: the count, or 1 for non-empty
    /// byte-only bytes, 0 for empty ones.
    pub fn len(&self) -> usize {
        match self {
            Args::Values(v) => v.len(),
            Args::Bytes(b) => usize::from(!b.is_empty()),
        }
    }

    /// Whether the method is called with no arguments.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The compressed values, unless the call is byte-only.
    pub fn values(&self) -> Option<Values<'a>> {
        match self {
            Args::Values(v) => Some(*v),
            Args::Bytes(_) => None,
        }
    }
}

/// A remote call, borrowed from its packet. Built by [`Packet::parse`](super::Packet::parse),
/// which validates every argument once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemoteCall<'a> {
    node: NodeTarget<'a>,
    method: u16,
    method_width: IdWidth,
    args: Args<'a>,
}

impl<'a> RemoteCall<'a> {
    pub(crate) fn parse(packet: &'a [u8], options: &ParseOptions) -> Result<Self, PacketError> {
        let mut c = Cursor::new(packet, 0);
        let meta = c.u8()?;
        if meta & 0x08 != 0 {
            return Err(PacketError::new(PacketErrorKind::UnknownFlags(meta), 0));
        }
        let width = match (meta & NODE_WIDTH_MASK) >> NODE_WIDTH_SHIFT {
            0 => IdWidth::U8,
            1 => IdWidth::U16,
            2 => IdWidth::U32,
            _ => return Err(PacketError::new(PacketErrorKind::BadNodeIdWidth, 0)),
        };
        let node_at = c.pos();
        let node = match width {
            IdWidth::U8 => u32::from(c.u8()?),
            IdWidth::U16 => u32::from(c.u16()?),
            IdWidth::U32 => c.u32()?,
        };
        let method_width = if meta & METHOD_WIDTH_BIT != 0 {
            IdWidth::U16
        } else {
            IdWidth::U8
        };
        let method = match method_width {
            IdWidth::U8 => u16::from(c.u8()?),
            _ => c.u16()?,
        };
        let header_end = c.pos();
        // The argument area ends where an appended path starts.
        let (node, end) = if width == IdWidth::U32 && node & UNCACHED != 0 {
            let bad = PacketError::new(PacketErrorKind::BadPathOffset, node_at);
            let at = usize::try_from(node & !UNCACHED).map_err(|_| bad)?;
            if at < header_end || at >= packet.len() {
                return Err(bad);
            }
            let path = c_string(packet.get(at..).unwrap_or(&[]), at, false)?;
            (NodeTarget::Path(path), at)
        } else {
            (NodeTarget::Cached { id: node, width }, packet.len())
        };
        let area = packet.get(header_end..end).unwrap_or(&[]);
        let args = if meta & BYTE_ONLY_BIT != 0 {
            Args::Bytes(area)
        } else {
            let mut a = Cursor::new(area, 0);
            let argc = a.u8().map_err(|e| e.shifted(header_end))?;
            let start = header_end + 1;
            let rest = area.get(1..).unwrap_or(&[]);
            let (values, len) = Values::parse(rest, start, Some(usize::from(argc)), options)?;
            if len != rest.len() {
                return Err(PacketError::new(
                    PacketErrorKind::TrailingBytes,
                    start + len,
                ));
            }
            Args::Values(values)
        };
        Ok(RemoteCall {
            node,
            method,
            method_width,
            args,
        })
    }

    /// The node the call is for.
    pub fn node(&self) -> NodeTarget<'a> {
        self.node
    }

    /// The method id: the index of the method among the node's RPC methods (see
    /// [`MethodTable`](super::MethodTable)); node-level methods have bit 15 set.
    pub fn method(&self) -> u16 {
        self.method
    }

    /// The width the method id went on the wire with.
    pub fn method_width(&self) -> IdWidth {
        self.method_width
    }

    /// The arguments.
    pub fn args(&self) -> Args<'a> {
        self.args
    }

    /// Appends the packet again: the same bytes for anything the engine wrote (values are
    /// re-compressed canonically; see [`Values::encode`]). O(size).
    pub fn encode(&self, out: &mut Vec<u8>) {
        let start = out.len();
        let byte_only = matches!(self.args, Args::Bytes(_));
        let node_width = match self.node {
            NodeTarget::Cached { width, .. } => width,
            NodeTarget::Path(_) => IdWidth::U32,
        };
        out.push(header_byte(node_width, self.method_width, byte_only));
        let node_at = out.len();
        push_id(out, node_id(self.node), node_width);
        push_id(out, u32::from(self.method), self.method_width);
        match self.args {
            Args::Bytes(bytes) => out.extend_from_slice(bytes),
            Args::Values(values) => {
                // At most 255: the count was read from one byte.
                out.push(u8::try_from(values.len()).unwrap_or(u8::MAX));
                values.encode(out);
            }
        }
        let path = match self.node {
            NodeTarget::Path(p) => Some(p),
            NodeTarget::Cached { .. } => None,
        };
        append_path(out, start, node_at, path);
    }
}

fn header_byte(node: IdWidth, method: IdWidth, byte_only: bool) -> u8 {
    Command::RemoteCall as u8
        | node.code() << NODE_WIDTH_SHIFT
        | if method == IdWidth::U16 {
            METHOD_WIDTH_BIT
        } else {
            0
        }
        | if byte_only { BYTE_ONLY_BIT } else { 0 }
}

fn node_id(node: NodeTarget<'_>) -> u32 {
    match node {
        NodeTarget::Cached { id, .. } => id,
        NodeTarget::Path(_) => UNCACHED,
    }
}

pub(crate) fn push_id(out: &mut Vec<u8>, id: u32, width: IdWidth) {
    let bytes = id.to_le_bytes();
    out.extend_from_slice(bytes.get(..width.bytes()).unwrap_or(&bytes));
}

/// For an uncached target: writes the path's offset into the node field at `node_at`
/// and appends the path and its NUL.
fn append_path(out: &mut Vec<u8>, start: usize, node_at: usize, path: Option<&str>) {
    if let Some(path) = path {
        let ofs = u32::try_from(out.len() - start).unwrap_or(u32::MAX) & !UNCACHED;
        if let Some(field) = out.get_mut(node_at..node_at + 4) {
            field.copy_from_slice(&(UNCACHED | ofs).to_le_bytes());
        }
        out.extend_from_slice(path.as_bytes());
        out.push(0);
    }
}

/// Appends a remote-call packet whose arguments `args` writes, as the engine writes it:
/// the method id in the smallest width, the node as given (see [`NodeTarget::cached`]),
/// no arguments in the byte-only form.
///
/// Fails, leaving `out` as it was, when `args` fails, when it writes more than 255 values
/// (the count is one byte), or when the target is not one the engine sends (see
/// [`WriteError`]). Cost: O(arguments).
///
/// ```
/// use gdvariant::multiplayer::{write_call, NodeTarget};
///
/// // echo.rpc_id(1, "one", 7) before the path is cached: method 4, path "Echo".
/// let mut out = Vec::new();
/// write_call(&mut out, NodeTarget::Path("Echo"), 4, |args| {
///     args.int(7);
///     Ok(())
/// })?;
/// assert_eq!(out, b"\x20\x09\x00\x00\x80\x04\x01\x02\x07Echo\0");
/// # Ok::<(), gdvariant::multiplayer::WriteError>(())
/// ```
pub fn write_call(
    out: &mut Vec<u8>,
    node: NodeTarget<'_>,
    method: u16,
    args: impl FnOnce(&mut ValueWriter<'_>) -> Result<(), BuildError>,
) -> Result<(), WriteError> {
    let start = out.len();
    let result = write_call_inner(out, node, method, args);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn write_call_inner(
    out: &mut Vec<u8>,
    node: NodeTarget<'_>,
    method: u16,
    args: impl FnOnce(&mut ValueWriter<'_>) -> Result<(), BuildError>,
) -> Result<(), WriteError> {
    let head = Head::write(out, node, method, false)?;
    let argc_at = out.len();
    out.push(0);
    let mut writer = ValueWriter::new(out);
    args(&mut writer)?;
    let count = writer.count();
    if count == 0 {
        // No arguments: the engine's byte-only form, without the count.
        out.truncate(argc_at);
        if let Some(meta) = out.get_mut(head.start) {
            *meta |= BYTE_ONLY_BIT;
        }
    } else {
        let argc = u8::try_from(count).map_err(|_| WriteError::TooManyValues(count))?;
        if let Some(slot) = out.get_mut(argc_at) {
            *slot = argc;
        }
    }
    head.finish(out);
    Ok(())
}

/// Appends a byte-only remote call: one `PackedByteArray` argument as raw bytes (empty
/// bytes: no arguments, see [`Args::Bytes`]). Fails as [`write_call`] does for the target.
pub fn write_call_bytes(
    out: &mut Vec<u8>,
    node: NodeTarget<'_>,
    method: u16,
    bytes: &[u8],
) -> Result<(), WriteError> {
    let head = Head::write(out, node, method, true)?;
    out.extend_from_slice(bytes);
    head.finish(out);
    Ok(())
}

/// Appends a call to `node` and `method` with `call`'s arguments copied as they are (one
/// `memcpy`, no re-validation): how a server answers a call with the same arguments, or
/// sends it on under its own ids. Fails as [`write_call`] does for the target.
///
/// ```
/// use gdvariant::multiplayer::{write_call_with_args_of, NodeTarget, Packet};
///
/// // A client's echo("hi", 7) on its cached node 1, method 0 ...
/// let packet = [0x00, 1, 0, 2, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'i', 0, 0, 0x02, 7];
/// let Packet::RemoteCall(call) = Packet::parse(&packet)? else { unreachable!() };
/// // ... answered with echo_reply (method 1) on the server's node 3.
/// let mut reply = Vec::new();
/// write_call_with_args_of(&mut reply, &call, NodeTarget::cached(3), 1)?;
/// assert_eq!(reply[..3], [0x00, 3, 1]);
/// assert_eq!(reply[3..], packet[3..]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_call_with_args_of(
    out: &mut Vec<u8>,
    call: &RemoteCall<'_>,
    node: NodeTarget<'_>,
    method: u16,
) -> Result<(), WriteError> {
    let byte_only = matches!(call.args, Args::Bytes(_));
    let head = Head::write(out, node, method, byte_only)?;
    match call.args {
        Args::Bytes(bytes) => out.extend_from_slice(bytes),
        Args::Values(values) => {
            out.push(u8::try_from(values.len()).unwrap_or(u8::MAX));
            out.extend_from_slice(values.bytes());
        }
    }
    head.finish(out);
    Ok(())
}

/// A call's header, written; [`Head::finish`] appends the path of an uncached target.
struct Head<'p> {
    start: usize,
    node_at: usize,
    path: Option<&'p str>,
}

impl<'p> Head<'p> {
    fn write(
        out: &mut Vec<u8>,
        node: NodeTarget<'p>,
        method: u16,
        byte_only: bool,
    ) -> Result<Self, WriteError> {
        let (id, width, path) = match node {
            NodeTarget::Path(p) => {
                if p.is_empty() || p.contains('\0') {
                    return Err(WriteError::BadPath);
                }
                (UNCACHED, IdWidth::U32, Some(p))
            }
            NodeTarget::Cached { id, width } => {
                if IdWidth::smallest(id).bytes() > width.bytes() || id & UNCACHED != 0 {
                    return Err(WriteError::BadNodeId(id));
                }
                (id, width, None)
            }
        };
        let method_width = if method <= 0xFF {
            IdWidth::U8
        } else {
            IdWidth::U16
        };
        let start = out.len();
        out.push(header_byte(width, method_width, byte_only));
        let node_at = out.len();
        push_id(out, id, width);
        push_id(out, u32::from(method), method_width);
        Ok(Head {
            start,
            node_at,
            path,
        })
    }

    fn finish(self, out: &mut Vec<u8>) {
        append_path(out, self.start, self.node_at, self.path);
    }
}

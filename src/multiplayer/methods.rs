//! [`MethodTable`]: a node's RPC method ids as the engine numbers them, from names alone.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use md5::{Digest, Md5};

/// Bit 15 of a method id: the method was configured on the node (`Node.rpc_config`), not
/// by its script's `@rpc` annotations.
pub const NODE_LEVEL: u16 = 0x8000;

/// A node's RPC methods and their ids, numbered as `SceneRPCInterface` numbers them, so a
/// server can agree with a Godot scene without running Godot.
///
/// The engine lists the node-level methods (`Node.rpc_config`) and then the script's
/// (`@rpc` methods, the base script's included), each list sorted by Unicode code point
/// (case-sensitive: `"Zeta" < "_private" < "echo"`). A method's id is its index in its
/// own list; node-level ids get [`NODE_LEVEL`]. Names given twice count once.
///
/// The engine skips a config entry that has no `rpc_mode` after giving it its index,
/// which leaves a hole: name every configured method here, as the scene does.
///
/// ```
/// use gdvariant::multiplayer::{MethodTable, NODE_LEVEL};
///
/// // echo.gd's @rpc methods, and one method configured with rpc_config().
/// let table = MethodTable::new(
///     ["node_level"],
///     ["one", "two", "ping", "many", "bytes_only", "_private", "Zeta"],
/// );
/// assert_eq!(table.id("Zeta"), Some(0));
/// assert_eq!(table.id("one"), Some(4));
/// assert_eq!(table.id("node_level"), Some(NODE_LEVEL));
/// assert_eq!(table.name(6), Some("two"));
/// // The checksum a SIMPLIFY_PATH carries (Godot 4.6.3 sent this for echo.gd).
/// assert!(table.checksum().starts_with("c8cf3618"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MethodTable {
    /// Node-level names, sorted.
    node: Vec<String>,
    /// Script names, sorted.
    script: Vec<String>,
}

impl MethodTable {
    /// The table for a node whose node-level RPC methods are `node_level` and whose
    /// script's are `script`, in any order. Cost: O(n log n) in the names.
    pub fn new<N, S>(
        node_level: impl IntoIterator<Item = N>,
        script: impl IntoIterator<Item = S>,
    ) -> Self
    where
        N: AsRef<str>,
        S: AsRef<str>,
    {
        fn sorted<T: AsRef<str>>(names: impl IntoIterator<Item = T>) -> Vec<String> {
            let mut v: Vec<String> = names.into_iter().map(|n| n.as_ref().into()).collect();
            // `str`'s order is code-point order, the engine's `StringName::AlphCompare`.
            v.sort_unstable();
            v.dedup();
            v
        }
        MethodTable {
            node: sorted(node_level),
            script: sorted(script),
        }
    }

    /// The table for a node whose RPC methods all come from its script (`@rpc`), the usual
    /// case: `MethodTable::new` with no node-level methods.
    ///
    /// ```
    /// use gdvariant::multiplayer::MethodTable;
    ///
    /// let table = MethodTable::script(["echo_reply", "echo"]);
    /// assert_eq!((table.id("echo"), table.id("echo_reply")), (Some(0), Some(1)));
    /// ```
    pub fn script<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Self {
        Self::new(core::iter::empty::<&str>(), names)
    }

    /// The id of `name`: a script method's index, or a node-level method's index with
    /// [`NODE_LEVEL`]. Node-level names are searched first, as the engine does. O(log n).
    pub fn id(&self, name: &str) -> Option<u16> {
        let index = |list: &[String]| {
            list.binary_search_by(|n| n.as_str().cmp(name))
                .ok()
                .and_then(|i| u16::try_from(i).ok())
        };
        index(&self.node)
            .filter(|&i| i < NODE_LEVEL)
            .map(|i| i | NODE_LEVEL)
            .or_else(|| index(&self.script))
    }

    /// The name of method `id`. O(1).
    pub fn name(&self, id: u16) -> Option<&str> {
        if id & NODE_LEVEL != 0 {
            self.node.get(usize::from(id & !NODE_LEVEL))
        } else {
            self.script.get(usize::from(id))
        }
        .map(String::as_str)
    }

    /// Every method and its id, node-level ones first.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u16)> + '_ {
        let node = self
            .node
            .iter()
            .zip(0u16..)
            .map(|(n, i)| (n.as_str(), i | NODE_LEVEL));
        let script = self.script.iter().zip(0u16..).map(|(n, i)| (n.as_str(), i));
        node.chain(script)
    }

    /// The checksum a [`SimplifyPath`](super::SimplifyPath) carries for this node: the md5,
    /// as 32 lowercase hex digits, of the names in id order (node-level first) with no
    /// separator (`SceneRPCInterface::get_rpc_md5`). A node with no RPC methods gives
    /// the md5 of nothing, `d41d8cd98f00b204e9800998ecf8427e`. O(total name length).
    pub fn checksum(&self) -> String {
        let mut md5 = Md5::new();
        for (name, _) in self.iter() {
            md5.update(name.as_bytes());
        }
        let mut hex = String::with_capacity(32);
        for b in md5.finalize() {
            let _ = write!(hex, "{b:02x}");
        }
        hex
    }
}

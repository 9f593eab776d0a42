//! One model for text and binary resources and scenes: what the engine's text form of the
//! file says, section by section.
//!
//! A `.tres`/`.tscn` is a header (`[gd_resource …]` / `[gd_scene …]`) and sections
//! (`[ext_resource …]`, `[sub_resource …]`, `[resource]`, `[node …]`, `[connection …]`,
//! `[editable …]`), each with attributes (`key=value` inside the brackets) and properties
//! (`name = value` lines after it). A `.res`/`.scn` says the same things in another
//! encoding; its reader builds the same [`Document`], so every writer, `show`, `json`,
//! `diff` and `scan` works on one shape.
//!
//! Every attribute and property value is kept as `var_to_bytes` bytes in the document's
//! [`Dialect`], read with [`VariantRef::parse`]. A reference to another resource, which
//! no Variant can hold, is a full Object of class [`SUB_RESOURCE`] or [`EXT_RESOURCE`]
//! with one property `id` (an int in Godot 3's files, a String in Godot 4's): the text
//! `SubResource("Gradient_d2l51")` is `Object(SubResource,"id":"Gradient_d2l51")`. No
//! engine class has either name, so the bytes never mean a real object: given to
//! `bytes_to_var` with objects allowed, the engine refuses them rather than loading
//! anything.

use alloc::string::String;
use alloc::vec::Vec;

use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// The class name of an internal (sub-)resource reference: `SubResource("id")`.
pub const SUB_RESOURCE: &str = "SubResource";
/// The class name of an external resource reference: `ExtResource("id")`.
pub const EXT_RESOURCE: &str = "ExtResource";

/// Whether a document is a resource or a scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DocKind {
    /// `[gd_resource …]`, or a binary resource whose main class is not `PackedScene`.
    Resource,
    /// `[gd_scene …]`, or a binary `PackedScene` (its `_bundled` read into nodes).
    Scene,
}

/// A named value: an attribute of a section's header or a property line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The attribute or property name as written (`type`, `id`, `metadata/note`, …).
    pub name: String,
    /// The value's `var_to_bytes` bytes in the document's dialect (references as above).
    pub value: Vec<u8>,
}

/// One bracketed section and the property lines that follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The tag: `gd_resource`, `gd_scene`, `ext_resource`, `sub_resource`, `resource`,
    /// `node`, `connection`, `editable`, or any other a file holds.
    pub tag: String,
    /// The attributes, in the order written.
    pub attrs: Vec<Entry>,
    /// The property lines, in the order written.
    pub props: Vec<Entry>,
}

/// A resource or scene file in the engine's text-form model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// The dialect of every value's bytes: [`Dialect::Godot3`] for `format=2` text and
    /// Godot 3 binary files, [`Dialect::Godot4`] for Godot 4's.
    pub dialect: Dialect,
    /// A resource or a scene.
    pub kind: DocKind,
    /// The header section (`gd_resource` / `gd_scene`; it has no properties).
    pub header: Section,
    /// Every other section, in file order.
    pub sections: Vec<Section>,
}

impl Entry {
    /// The value as a view. O(value length): it is validated again (the readers
    /// validated it when they made it, so this does not fail for their entries; an
    /// entry made by hand with bad bytes gives `None`).
    pub fn get(&self, dialect: Dialect) -> Option<VariantRef<'_>> {
        VariantRef::parse(&self.value, dialect).ok()
    }
}

impl Section {
    /// The attribute `name`'s bytes. O(attributes).
    pub fn attr(&self, name: &str) -> Option<&[u8]> {
        self.attrs
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.value.as_slice())
    }

    /// The property `name`'s bytes (the last line of that name, as the engine keeps).
    /// O(properties).
    pub fn prop(&self, name: &str) -> Option<&[u8]> {
        self.props
            .iter()
            .rev()
            .find(|e| e.name == name)
            .map(|e| e.value.as_slice())
    }
}

impl Document {
    /// The sections whose tag is `tag`, in file order. O(sections).
    pub fn sections_tagged<'s>(&'s self, tag: &'s str) -> impl Iterator<Item = &'s Section> + 's {
        self.sections.iter().filter(move |s| s.tag == tag)
    }
}

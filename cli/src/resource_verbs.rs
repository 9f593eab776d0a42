//! The reading commands on a resource or scene: `show` (the engine's `.tres`/`.tscn` text
//! of it, for binary files too), `get` (a value at a resource path), `json` (the
//! document's sections as JSON) and `check`.
//!
//! Paths (`gdvariant::resource::TextResource::get`): `name` (a property of `[resource]`),
//! `sub:ID/name`, `node:PATH/name` (`.` is the root node), `ext:ID/attr`, `header/attr`;
//! a property name may hold `/` (`metadata/note`).

use std::io::{self, Write};

use gdvariant::json::WriteOptions;
use gdvariant::resource::{Document, Entry, Section};
use gdvariant::VariantRef;

use crate::config_verbs::{json_string, print_value, GetForm};
use crate::context::{Failure, Outcome};
use crate::resource_file::ResourceInput;
use crate::style::{counted, thousands};

/// `show`: the engine's text form of the whole file, as `ResourceSaver` writes a `.tres`
/// or `.tscn` (a text file in its engine's style; a binary one converted).
pub fn show(input: &ResourceInput) -> Outcome {
    let text = match &input.text {
        Some(text) => text.to_engine_text(),
        None => input.doc.to_text_with(input.style),
    };
    print_all(text.as_bytes())
}

fn print_all(bytes: &[u8]) -> Outcome {
    let mut out = io::stdout().lock();
    crate::stdout_result(out.write_all(bytes).and_then(|()| out.flush()))
}

/// `get`: the value at `path`. Exit code 3 when nothing is there.
pub fn get(input: &ResourceInput, path: &str, form: GetForm) -> Outcome {
    let text = input.as_text()?;
    let Some(value) = lookup(&text, path) else {
        return Err(Failure::NotFound(format!(
            "{}: nothing at `{path}` (paths: `name` of [resource], `sub:ID/name`, \
             `node:PATH/name`, `ext:ID/attr`, `header/attr`)",
            input.name
        )));
    };
    match form {
        GetForm::Text => {
            let line = format!("{}\n", text.document().value_text(value, input.style));
            print_all(line.as_bytes())
        }
        _ => print_value(value, input.style, form),
    }
}

/// The value at `path`: a property (`TextResource::get`), or a path inside the value of
/// the longest property that starts it (`node:Player/__meta__/note`).
fn lookup<'t>(text: &'t gdvariant::resource::TextResource, path: &str) -> Option<VariantRef<'t>> {
    if let Some((value, _)) = text.get(path) {
        return Some(value);
    }
    let mut cut = path.len();
    while let Some(slash) = path.get(..cut).and_then(|p| p.rfind('/')) {
        cut = slash;
        let (head, rest) = (path.get(..slash)?, path.get(slash + 1..)?);
        if let Some((value, _)) = text.get(head) {
            return match value.query(rest) {
                Ok(gdvariant::query::Found::Value(v)) => Some(v),
                _ => None,
            };
        }
    }
    None
}

/// `json`: `{"header": {"tag", "attrs"}, "sections": [{"tag", "attrs": {…}, "props":
/// {…}}, …]}`, each value in lossless JSON (or plain JSON), in file order.
pub fn json(input: &ResourceInput, plain: bool, pretty: bool) -> Outcome {
    let mut out = Vec::new();
    write_document(&mut out, &input.doc, plain, pretty).map_err(|e| e.to_string())?;
    out.push(b'\n');
    print_all(&out)
}

fn write_document(out: &mut Vec<u8>, doc: &Document, plain: bool, pretty: bool) -> io::Result<()> {
    let nl = |out: &mut Vec<u8>, depth: usize| {
        if pretty {
            out.push(b'\n');
            out.extend(std::iter::repeat_n(b' ', depth * 2));
        }
    };
    let colon: &[u8] = if pretty { b": " } else { b":" };
    out.push(b'{');
    nl(out, 1);
    out.extend_from_slice(b"\"header\"");
    out.extend_from_slice(colon);
    write_section(out, doc, &doc.header, plain, pretty, 1)?;
    out.push(b',');
    nl(out, 1);
    out.extend_from_slice(b"\"sections\"");
    out.extend_from_slice(colon);
    out.push(b'[');
    for (i, section) in doc.sections.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        nl(out, 2);
        write_section(out, doc, section, plain, pretty, 2)?;
    }
    if !doc.sections.is_empty() {
        nl(out, 1);
    }
    out.push(b']');
    nl(out, 0);
    out.push(b'}');
    Ok(())
}

fn write_section(
    out: &mut Vec<u8>,
    doc: &Document,
    section: &Section,
    plain: bool,
    pretty: bool,
    depth: usize,
) -> io::Result<()> {
    let colon = if pretty { ": " } else { ":" };
    let nl = |out: &mut Vec<u8>, depth: usize| {
        if pretty {
            out.push(b'\n');
            out.extend(std::iter::repeat_n(b' ', depth * 2));
        }
    };
    out.push(b'{');
    nl(out, depth + 1);
    write!(out, "\"tag\"{colon}{}", json_string(&section.tag))?;
    for (name, entries) in [("attrs", &section.attrs), ("props", &section.props)] {
        if name == "props" && section.props.is_empty() {
            continue;
        }
        out.push(b',');
        nl(out, depth + 1);
        write!(out, "\"{name}\"{colon}")?;
        write_entries(out, doc, entries, plain, pretty, depth + 1)?;
    }
    nl(out, depth);
    out.push(b'}');
    Ok(())
}

fn write_entries(
    out: &mut Vec<u8>,
    doc: &Document,
    entries: &[Entry],
    plain: bool,
    pretty: bool,
    depth: usize,
) -> io::Result<()> {
    let options = WriteOptions::new().pretty(pretty);
    let colon = if pretty { ": " } else { ":" };
    out.push(b'{');
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        if pretty {
            out.push(b'\n');
            out.extend(std::iter::repeat_n(b' ', (depth + 1) * 2));
        }
        write!(out, "{}{colon}", json_string(&entry.name))?;
        let Some(value) = entry.get(doc.dialect) else {
            out.extend_from_slice(b"null");
            continue;
        };
        let mut one = Vec::new();
        match plain {
            true => gdvariant::json::plain::write(&mut one, value, &options)?,
            false => gdvariant::json::write(&mut one, value, &options)?,
        }
        // Newlines in JSON only separate tokens (a string's are escaped): indent them.
        for &b in &one {
            out.push(b);
            if b == b'\n' {
                out.extend(std::iter::repeat_n(b' ', (depth + 1) * 2));
            }
        }
    }
    if pretty && !entries.is_empty() {
        out.push(b'\n');
        out.extend(std::iter::repeat_n(b' ', depth * 2));
    }
    out.push(b'}');
    Ok(())
}

/// `check`: `OK: Godot 4 text resource Resource, 2 external, 5 sub-resources, 40
/// properties, 2,345 bytes` (a scene counts its nodes and connections).
pub fn check(input: &ResourceInput, len: usize) -> Outcome {
    let doc = &input.doc;
    let count = |tag: &str| doc.sections_tagged(tag).count() as u64;
    let props: usize = doc.sections.iter().map(|s| s.props.len()).sum();
    let class = doc
        .header
        .attr("type")
        .and_then(|b| gdvariant::VariantRef::parse(b, doc.dialect).ok())
        .and_then(|v| v.as_str().map(str::to_string));
    let class = class.map(|c| format!(" {c}")).unwrap_or_default();
    let mut parts = vec![
        counted(
            count("ext_resource"),
            "external resource",
            "external resources",
        ),
        counted(count("sub_resource"), "sub-resource", "sub-resources"),
    ];
    if doc.kind == gdvariant::resource::DocKind::Scene {
        parts.push(counted(count("node"), "node", "nodes"));
        parts.push(counted(count("connection"), "connection", "connections"));
    }
    parts.push(counted(props as u64, "property", "properties"));
    println!(
        "OK: {}{class}, {}, {} bytes",
        input.describe(),
        parts.join(", "),
        thousands(len as u64)
    );
    Ok(())
}

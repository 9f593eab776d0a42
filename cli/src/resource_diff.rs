//! `diff A B` on two resources or scenes (text or binary, in any mix): sections are paired
//! by what names them (`ext:ID`, `sub:ID`, `resource`, `node:PATH`, the connection's
//! signal, ends and method, `editable:PATH`), then their attributes and properties by
//! name, and two values that differ by the library's value diff. One line per change:
//! `~ sub:Gradient_d2l51/offsets/2: 0.5 -> 0.25`, `- node:Title/text: …`, `+ …`.

use std::io::Write;

use gdvariant::diff::{diff, Change};
use gdvariant::query::Found;
use gdvariant::resource::{Document, Entry, Section};
use gdvariant::VariantRef;

use crate::context::{Failure, Outcome};
use crate::resource_file::ResourceInput;

/// Writes the changes from `a` to `b`; `Failure::Differs` (exit code 1) when there are any.
pub fn run(a: &ResourceInput, b: &ResourceInput, width: usize) -> Outcome {
    let mut lines = Vec::new();
    let keyed = |doc: &Document| -> Vec<(String, Section)> {
        let mut all = vec![("header".to_string(), doc.header.clone())];
        all.extend(doc.sections.iter().map(|s| (key(doc, s), s.clone())));
        all
    };
    let (sa, sb) = (keyed(&a.doc), keyed(&b.doc));
    for (k, x) in &sa {
        match sb.iter().find(|(kb, _)| kb == k) {
            Some((_, y)) => {
                entries(
                    &mut lines,
                    &format!("{k}/@"),
                    a,
                    b,
                    &x.attrs,
                    &y.attrs,
                    width,
                );
                entries(
                    &mut lines,
                    &format!("{k}/"),
                    a,
                    b,
                    &x.props,
                    &y.props,
                    width,
                );
            }
            None => lines.push(format!("- {k}")),
        }
    }
    for (k, _) in &sb {
        if !sa.iter().any(|(ka, _)| ka == k) {
            lines.push(format!("+ {k}"));
        }
    }
    let mut out = std::io::stdout().lock();
    let mut text = lines.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    crate::stdout_result(out.write_all(text.as_bytes()).and_then(|()| out.flush()))?;
    match lines.is_empty() {
        true => Ok(()),
        false => Err(Failure::Differs),
    }
}

/// What names a section across two files (and in `get` paths: `sub:ID`, `node:PATH`, …).
pub fn key(doc: &Document, s: &Section) -> String {
    let attr = |name: &str| {
        s.attr(name)
            .and_then(|b| VariantRef::parse(b, doc.dialect).ok())
            .map(|v| match v.as_str() {
                Some(t) => t.to_string(),
                None => v.to_string(),
            })
            .unwrap_or_default()
    };
    match s.tag.as_str() {
        "ext_resource" => format!("ext:{}", attr("id")),
        "sub_resource" => format!("sub:{}", attr("id")),
        "resource" => "resource".to_string(),
        "node" => {
            let (name, parent) = (attr("name"), attr("parent"));
            match (parent.as_str(), s.attr("parent").is_some()) {
                (_, false) => "node:.".to_string(),
                (".", true) => format!("node:{name}"),
                (p, true) => format!("node:{p}/{name}"),
            }
        }
        "connection" => format!(
            "connection:{}:{}->{}:{}",
            attr("from"),
            attr("signal"),
            attr("to"),
            attr("method")
        ),
        "editable" => format!("editable:{}", attr("path")),
        tag => tag.to_string(),
    }
}

fn entries(
    lines: &mut Vec<String>,
    prefix: &str,
    a: &ResourceInput,
    b: &ResourceInput,
    x: &[Entry],
    y: &[Entry],
    width: usize,
) {
    let (da, db) = (a.doc.dialect, b.doc.dialect);
    for e in x {
        let va = e.get(da);
        match (y.iter().find(|f| f.name == e.name), va) {
            (Some(f), Some(va)) => {
                let Some(vb) = f.get(db) else { continue };
                if e.value == f.value && da == db {
                    continue;
                }
                for change in diff(va, vb) {
                    let at = |p: &str| match p {
                        "/" => format!("{prefix}{}", e.name),
                        p => format!("{prefix}{}{p}", e.name),
                    };
                    lines.push(match &change {
                        Change::Changed { path, old, new } => format!(
                            "~ {}: {} -> {}",
                            at(path),
                            one(a, old, width),
                            one(b, new, width)
                        ),
                        Change::Removed { path, old } => {
                            format!("- {}: {}", at(path), one(a, old, width))
                        }
                        Change::Added { path, new } => {
                            format!("+ {}: {}", at(path), one(b, new, width))
                        }
                    });
                }
            }
            (None, Some(va)) => lines.push(format!(
                "- {prefix}{}: {}",
                e.name,
                one(a, &Found::Value(va), width)
            )),
            _ => {}
        }
    }
    for f in y {
        if !x.iter().any(|e| e.name == f.name) {
            if let Some(vb) = f.get(db) {
                lines.push(format!(
                    "+ {prefix}{}: {}",
                    f.name,
                    one(b, &Found::Value(vb), width)
                ));
            }
        }
    }
}

/// A value on one line as the file writes it (references as `SubResource("id")`).
fn one(input: &ResourceInput, found: &Found<'_>, width: usize) -> String {
    match found {
        Found::Value(v) => {
            let text = input.doc.value_text(*v, input.style).replace('\n', " ");
            match text.chars().count() > width {
                true => format!("{}…", text.chars().take(width).collect::<String>()),
                false => text,
            }
        }
        Found::Element(_, i) => {
            // A packed array's element: encoded alone to be written as a value.
            let mut bytes = Vec::new();
            let dialect = input.doc.dialect;
            match gdvariant::Builder::new(&mut bytes, dialect).found(*found) {
                Ok(()) => match VariantRef::parse(&bytes, dialect) {
                    Ok(v) => one(input, &Found::Value(v), width),
                    Err(_) => format!("<element {i}>"),
                },
                Err(_) => format!("<element {i}>"),
            }
        }
    }
}

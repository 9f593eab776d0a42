//! The library's module structure, checked from its source: internal code imports from the
//! module that defines a name (never through `lib.rs`'s re-exports), the folders are layers
//! that only import downwards, and no two modules import each other, directly or through
//! others.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may import from its own layer and the ones before it.
/// Within a layer, the module graph must still be acyclic.
const LAYERS: &[&[&str]] = &[
    &["wire"],
    &["read"],
    &["write"],
    &["owned"],
    &["format"],
    &["frame", "serde", "interop", "container"],
    // `diff` compares two read views and re-encodes leaves with the writer to tell two
    // encodings of one value apart: a consumer of `read` and `write`, like `edit`, and
    // used by no other module.
    // `config` reads ConfigFiles with the text form (`format`) and opens encrypted ones
    // with `container`; no other module uses it. `resource` reads resources and scenes
    // (text ones with the text reader, binary ones with the reader's views and the
    // builder; `RSCC` through `container`).
    &["edit", "diff", "config", "resource"],
    // `scan` reads values (`read`), ConfigFiles (`config`) and documents (`resource`)
    // and says what loading them could run; no other module uses it.
    &["scan"],
    // `host` is what the Python and JavaScript packages build on: it walks a parsed value
    // into a binding's values (they implement its trait), and opens ConfigFiles,
    // resources and scenes for them (`host::file`: `config`, `resource`, `scan`). No
    // module of the library uses it.
    &["host"],
    // `multiplayer` reads packets around `frame::rpc`'s compressed values and writes them
    // with the builder; its `websocket` transport is the only module with I/O of its own.
    &["multiplayer"],
];

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/read/value.rs` → `read::value`; `src/write/mod.rs` → `write`.
fn module_of(path: &Path) -> String {
    let rel = path.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// Every path in `text` that names another module of the crate, comments excluded:
/// `crate::a::b::…`, `super::…` (resolved against `module`) and `child::…` for the modules
/// `text` declares with `mod child;`. Returned without the `crate::`.
fn crate_paths(text: &str, module: &str) -> Vec<String> {
    let children: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l
                .strip_prefix("pub(crate) ")
                .or(l.strip_prefix("pub "))
                .unwrap_or(l);
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect();
    // `foo.rs` and `foo/mod.rs` are both `foo`; `super` of a non-mod file is its folder.
    let parent = |m: &str| {
        m.rsplit_once("::")
            .map_or(String::new(), |(p, _)| p.to_string())
    };
    // A unit-test module at the end of a file (`use super::*` there means the file).
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let is_use = code.trim_start().starts_with("use ")
            || code.trim_start().starts_with("pub use ")
            || code.trim_start().starts_with("pub(crate) use ");
        let mut rest = code;
        loop {
            // The next path start: `crate::`, `super::`, or (in a `use` line) a child's name.
            let starts = ["crate::", "super::"];
            let mut best: Option<(usize, &str)> = None;
            for s in starts {
                if let Some(i) = rest.find(s) {
                    let boundary = i == 0
                        || !rest[..i]
                            .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
                    if boundary && best.is_none_or(|(b, _)| i < b) {
                        best = Some((i, s));
                    }
                }
            }
            if is_use {
                for child in &children {
                    let pat = format!("{child}::");
                    if let Some(i) = rest.find(&pat) {
                        let boundary = i == 0
                            || !rest[..i]
                                .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
                        if boundary && best.is_none_or(|(b, _)| i < b) {
                            best = Some((i, "child"));
                        }
                    }
                }
            }
            let Some((at, kind)) = best else { break };
            let tail = &rest[at..];
            let path: String = tail
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            rest = &tail[path.len()..];
            let path = path.trim_end_matches(':');
            let full = match kind {
                "crate::" => path["crate::".len()..].to_string(),
                "super::" => {
                    let mut base = module.to_string();
                    let mut p = path;
                    while let Some(r) = p.strip_prefix("super::") {
                        p = r;
                        base = parent(&base);
                    }
                    if base.is_empty() {
                        p.to_string()
                    } else {
                        format!("{base}::{p}")
                    }
                }
                _ => format!("{module}::{path}"),
            };
            out.push(full);
        }
    }
    out
}

struct Modules {
    /// Module path → the modules it imports from.
    imports: BTreeMap<String, BTreeSet<String>>,
    /// Module paths that exist.
    known: BTreeSet<String>,
    /// Offending paths that import a name through the crate root.
    through_root: Vec<String>,
}

fn modules() -> Modules {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let known: BTreeSet<String> = files.iter().map(|f| module_of(f)).collect();
    let mut imports = BTreeMap::new();
    let mut through_root = Vec::new();
    for file in &files {
        let module = module_of(file);
        if module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let mut targets = BTreeSet::new();
        for path in crate_paths(&text, &module) {
            let segments: Vec<&str> = path.split("::").collect();
            // The longest prefix of the path that is a module (file).
            let target = (1..=segments.len())
                .rev()
                .map(|n| segments[..n].join("::"))
                .find(|m| known.contains(m));
            match target {
                Some(target) if target != module => {
                    targets.insert(target);
                }
                Some(_) => {}
                None => through_root.push(format!("{module}: crate::{path}")),
            }
        }
        imports.insert(module, targets);
    }
    Modules {
        imports,
        known,
        through_root,
    }
}

fn layer_of(module: &str) -> usize {
    let top = module.split("::").next().unwrap();
    LAYERS
        .iter()
        .position(|layer| layer.contains(&top))
        .unwrap_or_else(|| panic!("module {module} is in no layer: add its folder to LAYERS"))
}

#[test]
fn internal_code_imports_from_the_defining_module() {
    let modules = modules();
    assert!(
        modules.through_root.is_empty(),
        "these import through lib.rs's re-exports instead of the defining module:\n{}",
        modules.through_root.join("\n")
    );
}

#[test]
fn layers_import_only_downwards() {
    let modules = modules();
    let mut wrong = Vec::new();
    for (module, targets) in &modules.imports {
        for target in targets {
            if layer_of(target) > layer_of(module) {
                wrong.push(format!("{module} imports {target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "upward imports:\n{}", wrong.join("\n"));
    // The check sees the real tree: the layers hold the files we expect.
    for expected in [
        "wire::types",
        "read::value",
        "write",
        "owned",
        "format::text",
        "frame",
    ] {
        assert!(modules.known.contains(expected), "{expected}");
    }
}

#[test]
fn the_table_names_only_modules_that_exist() {
    // A layer left in the table after its module moved out of `src/` (as the Python
    // bindings did, to their own crate) would hide a new module of that name.
    let tops: BTreeSet<String> = modules()
        .known
        .iter()
        .map(|m| m.split("::").next().unwrap().to_string())
        .collect();
    for layer in LAYERS {
        for name in *layer {
            assert!(
                tops.contains(*name),
                "LAYERS names `{name}`, which is no module of src/"
            );
        }
    }
}

/// A cycle in `graph`, if it has one: depth-first search for a back edge.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|s| s == next).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, graph, state, stack) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for module in graph.keys() {
        if state.get(module.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(cycle) = visit(module, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

#[test]
fn no_import_cycles() {
    if let Some(cycle) = find_cycle(&modules().imports) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_checks_see_paths_and_cycles() {
    let paths = crate_paths(
        "mod kid;\nuse crate::read::value::VariantRef; // crate::ignored\nlet x = crate::wire::types::VariantType::Nil;\nuse super::Builder;\nuse kid::Thing;",
        "write::copy",
    );
    assert_eq!(
        paths,
        [
            "read::value::VariantRef",
            "wire::types::VariantType::Nil",
            "write::Builder",
            "write::copy::kid::Thing"
        ]
    );
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
        }
        g
    };
    assert_eq!(
        find_cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        find_cycle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])),
        None
    );
}

#[test]
fn files_stay_under_about_600_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    // Data tables are exempt: they are long because the data is.
    let exempt = ["wire/types.rs", "format/text/powers.rs"];
    let mut long = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        if lines > 650 && !exempt.contains(&rel.as_str()) {
            long.push(format!("{rel}: {lines} lines"));
        }
    }
    assert!(
        long.is_empty(),
        "files over about 600 lines:\n{}",
        long.join("\n")
    );
}

/// Only `read/` decodes wire headers: no module outside `wire` (which defines the header
/// words), `read` (which decodes them), and the encoders `write` and `edit` (which write
/// headers and counts) names `wire::header` or reads raw words through `wire::bytes`. A
/// writer of text (`format/`) or any other front end gets every node decoded by the
/// reader's walk, and asks `read/` (`Reader::announces_types`, `ArrayRef::godot4_typed`,
/// `read::node::measure`) for what it needs of a header.
#[test]
fn only_read_decodes_wire_headers() {
    const MAY: &[&str] = &["wire", "read", "write", "edit"];
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut offending = Vec::new();
    for path in files {
        let module = module_of(&path);
        let top = module.split("::").next().unwrap_or("");
        if MAY.contains(&top) || module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("wire::header") || code.contains("wire::bytes") {
                offending.push(format!("{}:{}: {}", module, i + 1, line.trim()));
            }
        }
    }
    assert!(
        offending.is_empty(),
        "wire headers decoded outside read/:\n{}",
        offending.join("\n")
    );
}

//! The command line's modules import each other without circles (issue 41): each module
//! of `cli/src` names the modules it uses as `crate::name`, and following those names
//! from any module never leads back to it. `main` (the root, which declares them all) is
//! left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name -> the modules it names with `crate::…`.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        if path.extension().is_some_and(|e| e == "rs") && name != "main" {
            modules.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(name, text)| {
            let used = text
                .split("crate::")
                .skip(1)
                .map(|rest| {
                    rest.chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect::<String>()
                })
                .filter(|used| used != name && names.contains(used))
                .collect();
            (name.clone(), used)
        })
        .collect()
}

/// A circle through `start`, if there is one: the modules on it, in order.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![start.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        for next in &graph[last] {
            if next == start {
                return Some(path);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_import_circles() {
    let graph = graph();
    assert!(graph.len() > 20, "{} modules", graph.len());
    assert!(graph["input"].contains("salvage"), "the graph sees imports");
    for name in graph.keys() {
        if let Some(circle) = circle(&graph, name) {
            panic!("import circle: {} -> {name}", circle.join(" -> "));
        }
    }
}

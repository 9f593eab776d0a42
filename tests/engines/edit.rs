//! Splicing, read back by the engines: every fixture edit of `tests/it/edit.rs`
//! (`edit_plan::plan_fixture`: delete the first child, set the last, insert a first one,
//! append) is decoded by the engine that wrote the fixture, which must accept it and print
//! what we print for it.

use crate::common::cases;
use crate::edit_plan::{plan_fixture, Op};
use crate::support;

use gdvariant::{ObjectRef, VariantRef};

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_decode_every_fixture_edit_to_the_same_text() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("edit_oracle");
    for engine in ["g32", "g36", "g4"] {
        let mut batch = Vec::new();
        let mut expected = Vec::new();
        for case in cases(engine) {
            if case.file.is_empty() || case.name.contains("deep") {
                continue;
            }
            for op in [Op::DeleteFirst, Op::SetLast, Op::InsertFirst, Op::Append] {
                let Some((edit, _)) = plan_fixture(&case, op) else {
                    continue;
                };
                let out = edit.to_vec();
                let body = if case.is_prefixed() {
                    &out[4..]
                } else {
                    &out[..]
                };
                let value = VariantRef::parse(body, case.dialect()).unwrap();
                // The engine instantiates a full object: a property it lacks is ignored, a
                // deleted one has its default. Only a changed value prints as we print it.
                let object = matches!(value.as_object(), Some(ObjectRef::Full(_)));
                let text =
                    (!object || op == Op::SetLast).then(|| value.text(case.style()).to_string());
                expected.push((format!("{}_{op:?}", case.name), text));
                batch.push(support::Case {
                    name: format!("{}_{op:?}", case.name),
                    bytes: out,
                    function: if case.is_prefixed() {
                        support::Function::GetVar
                    } else {
                        support::Function::Raw
                    },
                    full_objects: true,
                });
            }
        }
        let (outcomes, _) = support::decode_all(&oracle, engine, &root.join(engine), &batch, 300);
        for ((name, ours), outcome) in expected.iter().zip(&outcomes) {
            match outcome {
                support::Outcome::Accepted { text, .. } => {
                    if let Some(ours) = ours {
                        assert_eq!(text, ours, "{engine}/{name}")
                    }
                }
                other => panic!("{engine}/{name}: the engine refused our output: {other:?}"),
            }
        }
        assert!(outcomes.len() > 40, "{engine}: {}", outcomes.len());
    }
}

//! The engine check that every engine test starts with (`support::require`).

use crate::support;

/// `tools/engines/engines.sh check` answers for each engine, "ok" or what is missing, and
/// an unknown engine is never "ok". With `GDVARIANT_ORACLE=1` every engine must be there:
/// plain `cargo test` then fails on a machine without them.
#[test]
fn engines_are_checked() {
    let all = ["g32", "g36", "g4"];
    let missing = support::missing(&all);
    for line in &missing {
        assert!(
            ["g32 (", "g36 (", "g4 ("]
                .iter()
                .any(|e| line.starts_with(e)),
            "an unexpected line from engines.sh check: {line}"
        );
    }
    let unknown = support::missing(&["g5"]);
    assert_eq!(unknown, ["g5: unknown engine (g32, g36 or g4)"]);
    if std::env::var("GDVARIANT_ORACLE").as_deref() == Ok("1") {
        assert!(
            missing.is_empty(),
            "GDVARIANT_ORACLE=1, but {}",
            support::failure(&all, &missing)
        );
    }
}

/// A missing engine fails its test with what is missing and the install command: a sid
/// root that does not exist stands for a machine without the sid engines.
#[test]
fn a_missing_engine_is_named_with_the_install_command() {
    let missing = support::missing_in(&["g4", "g36"], Some("/nonexistent/godot-sid"));
    assert!(
        missing.contains(
            &"g4 (Godot 4.6.3): /nonexistent/godot-sid/usr/bin/godot does not exist".to_string()
        ),
        "{missing:?}"
    );
    assert!(
        missing.iter().any(|l| l.starts_with("g36 (Godot 3.6.2): ")),
        "{missing:?}"
    );
    let message = support::failure(&["g4", "g36"], &missing);
    assert!(message.contains("tools/engines/install.sh"), "{message}");
    assert!(message.contains("tools/engines/test.sh"), "{message}");
}

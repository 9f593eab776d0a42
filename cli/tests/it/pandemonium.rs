//! The command line on Pandemonium's eras: `--dialect pm-a|pm-b|pm-c` on the fixtures the
//! engines wrote, detection that never guesses an era, and `reencode --to` between eras.

use crate::common;
use crate::support;

use support::gdvariant;

use std::process::Output;

fn fixture(era: &str, name: &str) -> String {
    common::fixtures_dir()
        .join("pandemonium")
        .join(era)
        .join(format!("{name}.bin"))
        .to_str()
        .unwrap()
        .to_string()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn show_prints_the_engines_text_in_every_era() {
    let mut checked = 0;
    for (era, flag) in [("pma", "pm-a"), ("pmb", "pm-b"), ("pmc", "pm-c")] {
        for case in common::cases(Box::leak(format!("pandemonium/{era}").into_boxed_str())) {
            if case.godot_roundtrip != "same" {
                continue; // pinned in tests/it/pandemonium.rs
            }
            let Some(expected) = &case.decoded_text else {
                continue;
            };
            let path = fixture(era, &case.name);
            let shown = stdout(&gdvariant(&["-q", "show", &path, "--dialect", flag]));
            assert_eq!(shown, format!("{expected}\n"), "{era}/{}", case.name);
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn detection_never_guesses_an_era_and_says_how_to_name_one() {
    // Era C's TypedArray (id 27) is a Godot 4 Dictionary header (27): without --dialect the
    // file is read as Godot (or not at all), never as Pandemonium.
    let path = fixture("pmc", "typed_int");
    let o = gdvariant(&["check", &path]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("gdvariant: ") && err.contains("invalid Godot 4 data"),
        "{err}"
    );
    let o = gdvariant(&["check", "--dialect", "pm-c", &path]);
    assert_eq!(stdout(&o), "OK: Pandemonium C TypedArray, 36 bytes\n");
    let help = stdout(&gdvariant(&["check", "--help"]));
    assert!(
        help.contains("Detection only tries Godot 3 and Godot 4"),
        "{help}"
    );
    assert!(help.contains("pm-a") && help.contains("--godot"), "{help}");
}

#[test]
fn reencode_converts_between_eras_and_writes_nothing_it_cannot_express() {
    let dir = std::env::temp_dir().join(format!("gdvariant-pm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.bin");
    let o = out.to_str().unwrap();
    // A nested dictionary, era A to era C: ids change (Dictionary 22 -> 25, Array 23 -> 26).
    let a = fixture("pma", "dict_nested");
    stdout(&gdvariant(&[
        "-q",
        "reencode",
        &a,
        "--dialect",
        "pm-a",
        "--to",
        "pm-c",
        o,
    ]));
    let c = std::fs::read(fixture("pmc", "dict_nested")).unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), c, "era C's own bytes");
    // Era C's TypedArray to Godot 4: a typed Array.
    let t = fixture("pmc", "typed_int");
    stdout(&gdvariant(&[
        "-q",
        "reencode",
        &t,
        "--dialect",
        "pm-c",
        "--to",
        "4",
        o,
    ]));
    assert_eq!(
        stdout(&gdvariant(&["-q", "show", o, "--dialect", "4"])),
        "Array[int]([1, 2, 3])\n"
    );
    // To era B, which has no TypedArray: an error, and no file.
    std::fs::remove_file(&out).unwrap();
    let r = gdvariant(&["-q", "reencode", &t, "--dialect", "pm-c", "--to", "pm-b", o]);
    assert_eq!(r.status.code(), Some(4));
    assert_eq!(
        String::from_utf8_lossy(&r.stderr),
        "gdvariant: cannot convert to Pandemonium B: / (a TypedArray): a TypedArray cannot be written in Pandemonium B\n"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}

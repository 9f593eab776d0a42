//! ConfigFiles on the real binary: `show`, `get`, `json`, `check`, `set` and `delete` on
//! the ConfigFiles Godot 3.2.3, 3.6.2 and 4.6.3 wrote (`tests/fixtures/resources/`),
//! plain and encrypted, and on a `project.godot` (an edit changes its one line).

use crate::common;
use crate::support;

use support::run;

use std::path::{Path, PathBuf};

use gdvariant::config::{ConfigFile, ConfigOptions};
use gdvariant::container::Secret;

const PASSWORD: &str = "pässwörd-🔑-Ключ";
const KEY: &str = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186";

fn fixture(engine: &str, file: &str) -> String {
    common::fixtures_dir()
        .join("resources")
        .join(engine)
        .join(file)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gdvariant-config-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn show_prints_what_config_file_save_writes() {
    for engine in ["g36", "g4"] {
        let text = std::fs::read_to_string(fixture(engine, "settings.cfg")).unwrap();
        let (code, out, err) = run(&["show", &fixture(engine, "settings.cfg")]);
        assert_eq!((code, out.as_str()), (0, text.as_str()), "{engine}: {err}");
        let dialect = if engine == "g4" { "Godot 4" } else { "Godot 3" };
        assert_eq!(err, format!("gdvariant: detected a {dialect} ConfigFile\n"));
        for (file, secret) in [
            ("settings_pass.cfg", ["--password", PASSWORD]),
            ("settings_key.cfg", ["--key", KEY]),
        ] {
            let (code, out, _) = run(&["-q", "show", &fixture(engine, file), secret[0], secret[1]]);
            assert_eq!((code, out.as_str()), (0, text.as_str()), "{engine}/{file}");
        }
    }
}

#[test]
fn show_in_godot_3_2s_style_is_what_3_2_3_wrote() {
    let g36 = fixture("g36", "settings.cfg");
    let g32 = std::fs::read_to_string(fixture("g32", "settings.cfg")).unwrap();
    let (code, out, _) = run(&["-q", "show", "--text-style", "3.2", &g36]);
    assert_eq!((code, out.as_str()), (0, g32.as_str()));
    let (code, _, err) = run(&["-q", "show", "--text-style", "4", &g36]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn get_takes_section_slash_key() {
    let g4 = fixture("g4", "settings.cfg");
    let get = |path: &str, more: &[&str]| {
        let mut args = vec!["-q", "get", g4.as_str(), path];
        args.extend_from_slice(more);
        run(&args)
    };
    assert_eq!(get("player/pos", &[]).1, "Vector2(12.5, -3.25)\n");
    assert_eq!(
        get("player/pos", &["--json"]).1,
        "{\"Vector2\":[12.5,-3.25]}\n"
    );
    // The first `/` splits: the key `a/b` of a section with spaces, dots and ünï.
    assert_eq!(get("weird section. ünï/a/b", &[]).1, "2\n");
    assert_eq!(get("\"weird section. ünï\"/ключ", &[]).1, "1\n");
    // Past the longest key, a path inside its value.
    assert_eq!(get("data/inventory/5", &[]).1, "Vector2(1, 1)\n");
    assert_eq!(get("data/stats/[7]", &[]).1, "\"int key\"\n");
    // A section alone: its lines.
    assert_eq!(
        get("display", &[]).1.lines().take(3).collect::<Vec<_>>(),
        ["width=1920", "height=1080", "fullscreen=false"]
    );
    let (code, _, err) = get("data/nope", &[]);
    assert_eq!(
        (code, err.trim_end()),
        (
            3,
            format!("gdvariant: {g4}: [data] has no key `nope`").as_str()
        )
    );
    assert_eq!(get("nope/x", &[]).0, 3);
    assert_eq!(get("\"unclosed/x", &[]).0, 2);
    let g36 = fixture("g36", "settings.cfg");
    assert_eq!(
        run(&["-q", "get", &g36, "player/pos"]).1,
        "Vector2( 12.5, -3.25 )\n"
    );
}

#[test]
fn json_is_sections_of_keys() {
    let (code, out, _) = run(&["-q", "json", &fixture("g4", "settings.cfg")]);
    assert_eq!(code, 0);
    assert!(out.starts_with(
        "{\"display\":{\"width\":1920,\"height\":1080,\"fullscreen\":false,\"vsync\":true,"
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["player"]["pos"],
        serde_json::json!({"Vector2": [12.5, -3.25]})
    );
    assert_eq!(v["weird section. ünï"]["a/b"], 2);
    assert_eq!(v["weird section. ünï"]["quote\"key"], 3);
    let (_, pretty, _) = run(&[
        "-q",
        "json",
        "--pretty",
        "--plain",
        &fixture("g4", "settings.cfg"),
    ]);
    assert!(
        pretty.starts_with("{\n  \"display\": {\n    \"width\": 1920,\n"),
        "{pretty}"
    );
    let plain: serde_json::Value = serde_json::from_str(&pretty).unwrap();
    assert_eq!(plain["player"]["pos"], serde_json::json!([12.5, -3.25]));
    assert_eq!(plain["data"]["inventory"][0], "sword");
}

#[test]
fn check_says_what_it_read() {
    let ok = |args: &[&str]| {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(
        ok(&["-q", "check", &fixture("g4", "settings.cfg")]),
        "OK: Godot 4 ConfigFile, 4 sections, 33 keys, 951 bytes\n"
    );
    assert_eq!(
        ok(&[
            "-q",
            "check",
            &fixture("g36", "settings_key.cfg"),
            "--key",
            KEY
        ]),
        "OK: Godot 3 ConfigFile in an encrypted file (GDEC, Godot 3 layout, AES-256-ECB), 4 \
         sections, 29 keys, 838 bytes (880 in the file)\n"
    );
    assert_eq!(
        ok(&[
            "-q",
            "check",
            &fixture("g4", "empty_pass.cfg"),
            "--password",
            PASSWORD
        ]),
        "OK: Godot 4 ConfigFile in an encrypted file (GDEC, Godot 4 layout, AES-256-CFB), 0 \
         sections, 0 keys, 0 bytes (44 in the file)\n"
    );
    // Godot 3.2.3 writes the key `quote"key` unquoted and cannot read it back; neither do we.
    let (code, _, err) = run(&["-q", "check", &fixture("g32", "settings.cfg")]);
    assert_eq!(code, 4);
    assert!(
        err.ends_with(
            "settings.cfg: not a valid Godot 3 ConfigFile: bad quoted key: unterminated \
             string at line 51, column 6 (byte 825)\n"
        ),
        "{err}"
    );
    // An encrypted file without its password is a usage error, a wrong one malformed input.
    assert_eq!(
        run(&["-q", "check", &fixture("g4", "settings_pass.cfg")]).0,
        2
    );
    assert_eq!(
        run(&[
            "-q",
            "check",
            &fixture("g4", "settings_pass.cfg"),
            "--password",
            "no"
        ])
        .0,
        4
    );
}

const PROJECT: &str = "; Engine configuration file.\n; It's best edited using the editor UI and not directly,\n\
; since the parameters that go here are not all obvious.\n;\n; Format:\n;   [section] ; section goes between []\n\
;   param=value ; assign values to parameters\n\nconfig_version=5\n\n[application]\n\n\
config/name=\"My Game\"\nrun/main_scene=\"res://main.tscn\"\n\
config/features=PackedStringArray(\"4.6\", \"Forward Plus\")\n\n[autoload]\n\n\
Global=\"*res://global.gd\"\n\n[display]\n\nwindow/size/viewport_width=1280\n";

fn changed_lines(before: &str, after: &str) -> Vec<(String, String)> {
    let (a, b): (Vec<_>, Vec<_>) = (before.lines().collect(), after.lines().collect());
    assert_eq!(a.len(), b.len(), "{after}");
    a.iter()
        .zip(&b)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| (x.to_string(), y.to_string()))
        .collect()
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn set_changes_one_line_of_project_godot() {
    let dir = scratch("set");
    let file = dir.join("project.godot");
    std::fs::write(&file, PROJECT).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink("project.godot", dir.join("link.godot")).unwrap();
    }
    let through = if cfg!(unix) {
        dir.join("link.godot")
    } else {
        file.clone()
    };
    let (code, out, err) = run(&[
        "-q",
        "set",
        through.to_str().unwrap(),
        "application/config/name",
        "\"Renamed ✓\"",
    ]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    let after = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        changed_lines(PROJECT, &after),
        [(
            "config/name=\"My Game\"".to_string(),
            "config/name=\"Renamed ✓\"".to_string()
        )]
    );
    #[cfg(unix)]
    {
        assert_eq!(mode(&file), 0o640);
        assert!(std::fs::symlink_metadata(dir.join("link.godot"))
            .unwrap()
            .file_type()
            .is_symlink());
    }
    // The keys before any section: `/key`.
    let path = file.to_str().unwrap();
    assert_eq!(run(&["-q", "set", path, "/config_version", "6"]).0, 0);
    assert_eq!(run(&["-q", "get", path, "/config_version"]).1, "6\n");
    // JSON values are written in the engine's text form.
    assert_eq!(
        run(&[
            "-q",
            "set",
            path,
            "display/window/size/viewport_width",
            "--json",
            "{\"Vector2i\":[1,2]}"
        ])
        .0,
        0
    );
    assert_eq!(
        run(&["-q", "get", path, "display/window/size/viewport_width"]).1,
        "Vector2i(1, 2)\n"
    );
    let before = std::fs::read_to_string(&file).unwrap();
    // A value that does not read, and a path with no key: nothing written.
    let (code, _, err) = run(&["-q", "set", path, "display/x", "Vector2("]);
    assert_eq!(code, 4, "{err}");
    assert_eq!(run(&["-q", "set", path, "display", "1"]).0, 2);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delete_removes_the_line() {
    let dir = scratch("delete");
    let file = dir.join("project.godot");
    std::fs::write(&file, PROJECT).unwrap();
    let path = file.to_str().unwrap();
    assert_eq!(run(&["-q", "delete", path, "autoload/Global"]).0, 0);
    let after = std::fs::read_to_string(&file).unwrap();
    assert_eq!(after, PROJECT.replace("Global=\"*res://global.gd\"\n", ""));
    let (code, _, err) = run(&["-q", "delete", path, "autoload/Global"]);
    assert_eq!(code, 3, "{err}");
    // -o writes elsewhere and leaves the file.
    let out = dir.join("out.godot");
    assert_eq!(
        run(&[
            "-q",
            "delete",
            path,
            "application/run/main_scene",
            "-o",
            out.to_str().unwrap()
        ])
        .0,
        0
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), after);
    assert!(!std::fs::read_to_string(&out)
        .unwrap()
        .contains("main_scene"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn encrypted_edits_keep_the_container_and_key() {
    let dir = scratch("encrypted");
    for engine in ["g36", "g4"] {
        for (file, secret, flag, given) in [
            (
                "settings_pass.cfg",
                Secret::Password(PASSWORD.into()),
                "--password",
                PASSWORD,
            ),
            (
                "settings_key.cfg",
                Secret::from_hex(KEY).unwrap(),
                "--key",
                KEY,
            ),
        ] {
            let copy = dir.join(format!("{engine}_{file}"));
            std::fs::copy(fixture(engine, file), &copy).unwrap();
            let path = copy.to_str().unwrap();
            let (code, _, err) = run(&["-q", "set", path, "display/width", "1280", flag, given]);
            assert_eq!(code, 0, "{engine}/{file}: {err}");
            let bytes = std::fs::read(&copy).unwrap();
            assert_eq!(&bytes[..4], b"GDEC");
            let style = if engine == "g4" {
                gdvariant::Dialect::Godot4
            } else {
                gdvariant::Dialect::Godot3
            };
            let config =
                ConfigFile::open(&bytes, Some(&secret), &ConfigOptions::for_dialect(style))
                    .unwrap();
            let original = std::fs::read_to_string(fixture(engine, "settings.cfg")).unwrap();
            assert_eq!(
                config.text(),
                original.replace("width=1920\n", "width=1280\n")
            );
            assert_eq!(
                run(&["-q", "delete", path, "display/width", flag, given]).0,
                0
            );
            let bytes = std::fs::read(&copy).unwrap();
            let config =
                ConfigFile::open(&bytes, Some(&secret), &ConfigOptions::for_dialect(style))
                    .unwrap();
            assert_eq!(config.text(), original.replace("width=1920\n", ""));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

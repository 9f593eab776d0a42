//! The fixtures of `tests/fixtures/containers` (files Godot 3.2.3, 3.6.2 and 4.6.3 wrote
//! through `open_compressed`, `open_encrypted*` and `compress()`, with the engine's texts
//! of their values) and scratch files, for the container tests.

use std::path::{Path, PathBuf};
use std::process::Output;

pub const KEY: &str = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186";
pub const PASSWORD: &str = "hunter2-Ünïcode";

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/containers")
}

/// `tests/fixtures/containers/ENGINE/NAME` as an argument.
pub fn fixture(engine: &str, name: &str) -> String {
    fixtures()
        .join(engine)
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// One line of a `cases.jsonl`.
pub struct Case {
    pub engine: String,
    pub path: String,
    pub container: String,
    pub mode: String,
    pub secret: String,
    pub texts: Vec<String>,
}

pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        let lines = std::fs::read_to_string(fixtures().join(engine).join("cases.jsonl")).unwrap();
        for line in lines.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            out.push(Case {
                engine: engine.into(),
                path: fixture(engine, &s("file")),
                container: s("container"),
                mode: s("mode"),
                secret: s("secret"),
                texts: v["texts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap().to_string())
                    .collect(),
            });
        }
    }
    out
}

impl Case {
    /// `COMMAND FILE` with the key, the stream's mode when it has no header, and the text
    /// style of the engine that wrote it (for `show`).
    pub fn args<'a>(&'a self, command: &'a str) -> Vec<&'a str> {
        let mut args = vec!["-q", command, self.path.as_str()];
        match self.mode.as_str() {
            "pass" => args.extend(["--password", self.secret.as_str()]),
            "key" => args.extend(["--key", self.secret.as_str()]),
            "key_iv" => args.extend(["--key", self.secret.split(':').next().unwrap()]),
            "fastlz" if self.container == "raw_compress" => args.extend(["--decompress", "fastlz"]),
            _ => {}
        }
        args
    }

    pub fn style(&self) -> &'static str {
        match self.engine.as_str() {
            "g32" => "3.2",
            "g36" => "3.6",
            _ => "4",
        }
    }

    /// What `show` prints for the engine's texts: the value, or each after its `#N`.
    pub fn shown(&self) -> String {
        shown(&self.texts)
    }
}

pub fn shown(texts: &[String]) -> String {
    match texts {
        [one] => format!("{one}\n"),
        many => many
            .iter()
            .enumerate()
            .map(|(i, t)| format!("#{i}\n{t}\n"))
            .collect(),
    }
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The output of a command that must succeed.
pub fn ok(o: Output) -> Output {
    assert!(o.status.success(), "{:?}: {}", o.status, stderr(&o));
    o
}

/// A scratch directory of this test, removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "gdvariant-containers-{name}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }

    /// A copy of a fixture in the directory, writable (the fixtures may be read-only, and
    /// `set` refuses a read-only file).
    pub fn copy(&self, engine: &str, name: &str) -> String {
        let to = self.path(name);
        std::fs::copy(fixture(engine, name), &to).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&to).unwrap().permissions().mode();
            std::fs::set_permissions(&to, std::fs::Permissions::from_mode(mode | 0o200)).unwrap();
        }
        to
    }

    /// The names in the directory, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

pub fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

pub fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

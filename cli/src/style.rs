//! Colour on stdout, following `--color` (and, for `auto`, the usual rules: only when
//! stdout is a terminal and `NO_COLOR` is unset or empty). And a progress bar on stderr
//! when stderr is a terminal.

use std::io::IsTerminal;

/// `--color auto|always|never`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorArg {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty.
    #[default]
    Auto,
    /// Always colour, even into a pipe.
    Always,
    /// Never colour.
    Never,
}

/// ANSI styling, on or off.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Decides for stdout.
    pub fn stdout(choice: ColorArg) -> Self {
        let on = match choice {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                !no_color && std::io::stdout().is_terminal()
            }
        };
        Paint { on }
    }

    fn wrap(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A type name.
    pub fn ty(self, text: &str) -> String {
        self.wrap("36", text)
    }

    /// Secondary information (offsets, sizes).
    pub fn dim(self, text: &str) -> String {
        self.wrap("2", text)
    }
}

/// Should progress be drawn: stderr is a terminal, the input is large (64 MiB or more;
/// smaller ones take well under a second) and `--quiet` was not given?
fn shows_progress(input_len: usize, quiet: bool) -> bool {
    !quiet && input_len >= 64 << 20 && std::io::stderr().is_terminal()
}

/// A progress bar over the input's bytes on stderr, or nothing (see [`shows_progress`]).
pub fn progress(total: usize, what: &str, quiet: bool) -> indicatif::ProgressBar {
    if !shows_progress(total, quiet) {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total as u64);
    let style =
        indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {bytes}/{total_bytes} ({eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style.progress_chars("=> "));
    bar.set_message(what.to_string());
    bar
}

/// A spinner counting output bytes on stderr, for commands whose progress through the
/// input cannot be measured (`show`, `json`); hidden under the same conditions as [`progress`].
pub fn output_spinner(input_len: usize, what: &str, quiet: bool) -> indicatif::ProgressBar {
    if !shows_progress(input_len, quiet) {
        return indicatif::ProgressBar::hidden();
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {msg}: {bytes} written ({bytes_per_sec})",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    spinner.set_style(style);
    spinner.set_message(what.to_string());
    spinner
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 pair`, `2 pairs`: a count and its noun (`singular`, or `plural` unless it is 1).
pub fn counted(n: u64, singular: &str, plural: &str) -> String {
    format!(
        "{} {}",
        thousands(n),
        if n == 1 { singular } else { plural }
    )
}

/// `a` or `an` before `word`, by the sound it starts with: `an int`, `an Object`, `an
/// Array`, `an AABB`, `an RID` (said letter by letter: "ar-eye-dee"), `a String`.
pub fn article(word: &str) -> &'static str {
    let first = word.chars().next().unwrap_or(' ');
    // An acronym is said letter by letter: F, H, L, M, N, R, S and X start with a vowel.
    let acronym = word.chars().count() > 1 && word.chars().all(|c| c.is_ascii_uppercase());
    let vowel = match acronym {
        true => "AEFHILMNORSX".contains(first),
        false => "aeiouAEIOU".contains(first),
    };
    if vowel {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::article;

    #[test]
    fn the_article_follows_the_sound() {
        for an in ["int", "Object", "Array", "AABB", "RID", "Image"] {
            assert_eq!(article(an), "an", "{an}");
        }
        for a in [
            "float",
            "String",
            "Vector2",
            "Nil",
            "PackedByteArray",
            "Quat",
            "bool",
        ] {
            assert_eq!(article(a), "a", "{a}");
        }
    }
}

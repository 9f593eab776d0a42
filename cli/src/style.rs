//! Colour on stdout, following the usual rules: only when stdout is a terminal and
//! `NO_COLOR` is unset or empty. And a progress bar on stderr when stderr is a terminal.

use std::io::IsTerminal;

/// ANSI styling, on or off.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Decides for stdout.
    pub fn stdout() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Paint {
            on: !no_color && std::io::stdout().is_terminal(),
        }
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

/// A progress bar over the input's bytes on stderr, or nothing when stderr is not a
/// terminal or the input is small (under 64 MiB, which takes well under a second).
pub fn progress(total: usize, what: &str) -> indicatif::ProgressBar {
    if total < 64 << 20 || !std::io::stderr().is_terminal() {
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
pub fn output_spinner(input_len: usize, what: &str) -> indicatif::ProgressBar {
    if input_len < 64 << 20 || !std::io::stderr().is_terminal() {
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

//! The dialect the user names: `--dialect 3|4|pm-a|pm-b|pm-c` (alias `--godot`) on one
//! command, or the variable `GDVARIANT_GODOT` for every command (a project is all one
//! engine). The option wins over the variable; with neither, a reading command detects
//! Godot 3 or 4, and a writing command writes Godot 4.

use gdvariant::Dialect;

use crate::context::Failure;

/// The variable that names the dialect of every command that is not told one.
pub const DIALECT_VAR: &str = "GDVARIANT_GODOT";

/// `--dialect 3|4|pm-a|pm-b|pm-c` (alias `--godot`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GodotArg {
    /// Godot 3.x.
    #[value(name = "3")]
    Three,
    /// Godot 4.x.
    #[value(name = "4")]
    Four,
    /// Pandemonium v3.5.0–v3.7.0 (era A).
    #[value(name = "pm-a")]
    PmA,
    /// Pandemonium v3.8.0–v4.9.0 (era B).
    #[value(name = "pm-b")]
    PmB,
    /// Pandemonium v5.0.0 and later (era C).
    #[value(name = "pm-c")]
    PmC,
}

impl GodotArg {
    /// The dialect it names.
    pub fn dialect(self) -> Dialect {
        match self {
            GodotArg::Three => Dialect::Godot3,
            GodotArg::Four => Dialect::Godot4,
            GodotArg::PmA => Dialect::PandemoniumA,
            GodotArg::PmB => Dialect::PandemoniumB,
            GodotArg::PmC => Dialect::PandemoniumC,
        }
    }
}

/// Where a dialect the user named comes from, to say so in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// `--dialect D` on the command line.
    Option(Dialect),
    /// `GDVARIANT_GODOT=D` in the environment.
    Variable(Dialect),
}

impl Named {
    /// The dialect named.
    pub fn dialect(self) -> Dialect {
        match self {
            Named::Option(d) | Named::Variable(d) => d,
        }
    }

    /// `--dialect 4` or `GDVARIANT_GODOT=4`: how the user said it.
    pub fn how(self) -> String {
        match self {
            Named::Option(d) => format!("--dialect {}", d.code()),
            Named::Variable(d) => format!("{DIALECT_VAR}={}", d.code()),
        }
    }
}

/// The dialect the user named for a command: its `--dialect`, else `GDVARIANT_GODOT`;
/// `None` when neither is given (an empty variable counts as unset). A variable that
/// names no dialect is a usage error (exit code 2).
pub fn named(option: Option<GodotArg>) -> Result<Option<Named>, Failure> {
    if let Some(arg) = option {
        return Ok(Some(Named::Option(arg.dialect())));
    }
    let value = match std::env::var(DIALECT_VAR) {
        Ok(value) if value.trim().is_empty() => return Ok(None),
        Ok(value) => value,
        Err(std::env::VarError::NotPresent) => return Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => {
            return Err(Failure::Usage(format!("{DIALECT_VAR} is not valid UTF-8")))
        }
    };
    let arg = <GodotArg as clap::ValueEnum>::from_str(value.trim(), true).map_err(|_| {
        Failure::Usage(format!(
            "{DIALECT_VAR}={value:?} names no dialect: it takes 3, 4, pm-a, pm-b or pm-c \
             (or unset it to detect Godot 3 or 4)"
        ))
    })?;
    Ok(Some(Named::Variable(arg.dialect())))
}

/// `--dialect` (alias `--godot`), declared once for every command: what a reading command
/// reads the input as (default: detected), and what a writing command writes (default:
/// Godot 4); `GDVARIANT_GODOT` is the default of both.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct DialectArg {
    /// The dialect: `3`, `4`, or a Pandemonium era (`pm-a`: v3.5–3.7, `pm-b`: v3.8–4.9,
    /// `pm-c`: v5.0 and later). Default: the variable GDVARIANT_GODOT; else an input is
    /// detected and output is Godot 4. Detection only tries Godot 3 and Godot 4:
    /// Pandemonium's eras reuse Godot's type ids for other types, so name the era.
    /// `--godot` is an alias.
    #[arg(
        long = "dialect",
        visible_alias = "godot",
        value_enum,
        value_name = "DIALECT"
    )]
    pub godot: Option<GodotArg>,
}

impl DialectArg {
    /// The dialect the user named, and how: the option, else the variable.
    pub fn named(&self) -> Result<Option<Named>, Failure> {
        named(self.godot)
    }

    /// The dialect to write: the option, else the variable, else Godot 4.
    pub fn to_write(self) -> Result<Dialect, Failure> {
        Ok(self.named()?.map_or(Dialect::Godot4, Named::dialect))
    }
}

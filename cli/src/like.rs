//! `--like FILE` of `from-json` and `from-text`: the new bytes are written the way FILE
//! is: in its dialect and framing (store_var frames, in the same byte order), and in its
//! container (the same compression mode and block size, or the same encryption with the
//! key FILE was opened with), so that `json --plain save | jq … | from-json --like save -
//! out` gives a file the game opens as it opened `save`. `--no-container` writes the
//! bytes plain on purpose; a container option (`--compress`, `--password`, …) writes that
//! container instead.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use gdvariant::Dialect;

use crate::bytes::Bytes;
use crate::container::{ReadArgs, WriteArgs};
use crate::context::{Ctx, Failure};
use crate::dialect::DialectArg;
use crate::input::{Input, InputArgs};

/// The options `--like FILE` and `--no-container`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct LikeArgs {
    /// Write the output the way FILE is written: its dialect, its framing (store_var
    /// frames, in the same byte order) and its container (the same compression mode and
    /// block size; or the same encryption, with the key FILE is opened with: --password /
    /// --key or their variables). FILE is opened as every command opens its input; an
    /// ambiguous FILE (one that reads two ways) is refused: say which with --dialect,
    /// --prefixed or --no-prefix.
    #[arg(long, value_name = "FILE")]
    pub like: Option<PathBuf>,
    /// With --like: write the bytes plain, not in FILE's container.
    #[arg(long, requires = "like")]
    pub no_container: bool,
}

/// The `--like` file, opened as every command opens its input, with the key given for
/// the output (it is the key of the template too).
pub fn input_args(file: &Path, dialect: DialectArg, container: &WriteArgs) -> InputArgs {
    InputArgs {
        file: file.to_path_buf(),
        dialect,
        prefixed: false,
        no_prefix: false,
        container: ReadArgs {
            password: container.password.clone(),
            key: container.key.clone(),
            decompress: None,
        },
    }
}

/// Reads the `--like` file; an ambiguous one is refused (exit code 2), since the output
/// would take a guessed dialect and framing.
pub fn read<'a>(args: &InputArgs, data: &'a Bytes, ctx: &Ctx) -> Result<Input<'a>, Failure> {
    let input = args.parse(data, ctx)?;
    input.refuse_to_write_a_guess(false)?;
    Ok(input)
}

/// `plain` in the container to write: the one the options ask for; else, with `--like`
/// (and not `--no-container`), the `--like` file's, with its key (an encrypted file takes
/// the layout of `dialect`'s engine); else none.
pub fn wrap<'p>(
    plain: &'p [u8],
    like: Option<(&Path, &Bytes)>,
    args: &LikeArgs,
    container: &WriteArgs,
    dialect: Dialect,
    ctx: &Ctx,
) -> Result<Cow<'p, [u8]>, Failure> {
    let keep = container.is_plain() && !args.no_container;
    match like {
        Some((file, data)) if keep && !data.container().is_plain() => {
            let wrapped = data.container();
            ctx.note(&format!(
                "writing it in {}'s container: {wrapped} (--no-container writes it plain)",
                file.display()
            ));
            data.wrap(plain, Some(dialect)).map(Cow::Owned)
        }
        _ => container.write(plain, dialect),
    }
}

//! `sudoku-dlx completions SHELL` and `sudoku-dlx man`: shell completion
//! scripts and the manual page, generated from the same clap definitions
//! as the flags ([`Cli`]), so they cannot fall behind `--help`.
//!
//! The generators are clap's own crates, `clap_complete` and
//! `clap_mangen`, kept by the clap maintainers in clap's repository and
//! released with it; ripgrep and fd ship theirs the same way.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;

use crate::args::Cli;
use crate::report::Status;

/// The name users type, and the name completions are registered for.
const BIN: &str = "sudoku-dlx";

/// Writes the completion script of `shell` to `out`.
pub(crate) fn completions(shell: Shell, out: &mut dyn Write) -> anyhow::Result<Status> {
    clap_complete::generate(shell, &mut Cli::command(), BIN, out);
    out.flush()?;
    Ok(Status::Success)
}

/// Writes the manual page to `out`: the main page clap_mangen renders
/// (name, synopsis, description, options, the list of commands, examples
/// and exit status), then one section per command with its synopsis,
/// description, flags and the text after them in `--help`. One page, so
/// that `man sudoku-dlx` holds everything, as ripgrep's does.
pub(crate) fn man(out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut cli = Cli::command();
    // Gives each command its full name, `sudoku-dlx solve`, for its synopsis.
    cli.build();
    let mut main = Vec::new();
    Man::new(cli.clone()).render(&mut main)?;
    let mut page = retitled(&main, Heading::Section);
    // clap's own `help` command has nothing to say beyond the list above.
    for command in cli
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
    {
        let name = command.get_bin_name().unwrap_or(command.get_name());
        let mut section = Vec::new();
        let man = Man::new(command.clone());
        man.render_synopsis_section(&mut section)?;
        man.render_description_section(&mut section)?;
        man.render_options_section(&mut section)?;
        if command.get_after_help().is_some() {
            man.render_extra_section(&mut section)?;
        }
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        page.extend(retitled(&section, Heading::Subsection));
    }
    out.write_all(&page)?;
    out.flush()?;
    Ok(Status::Success)
}

/// What the headings of a rendered part become.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Heading {
    /// Sections (`.SH`), as rendered: the main page.
    Section,
    /// Subsections (`.SS`), under a command's section.
    Subsection,
}

/// `roff` fitted into the one page: headings made `heading`s,
/// clap_mangen's `EXTRA` (the text after the flags in `--help`) called
/// `DETAILS`, and the list of commands pointing at their sections below
/// (`sudoku-dlx solve`) instead of pages of their own (`sudoku-dlx-solve(1)`).
fn retitled(roff: &[u8], heading: Heading) -> Vec<u8> {
    let text = String::from_utf8_lossy(roff);
    let mark = match heading {
        Heading::Section => ".SH ",
        Heading::Subsection => ".SS ",
    };
    // roff writes a hyphen `\-`.
    let bin = BIN.replace('-', "\\-");
    let own_page = format!("{bin}\\-");
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if let Some(title) = line.strip_prefix(".SH ") {
            out.push_str(mark);
            out.push_str(if title == "EXTRA" { "DETAILS" } else { title });
        } else if let Some(command) = line
            .strip_prefix(&own_page)
            .and_then(|rest| rest.strip_suffix("(1)"))
        {
            out.push_str(&format!("\\fB{bin}\\ {command}\\fR"));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out.into_bytes()
}

//! The `sudoku` binary: parses the command line, runs one subcommand and turns its
//! result into an exit status. The work lives in the modules: one per subcommand,
//! the shared batch pipeline in `batch`, the output formats in `output`.

mod batch;
mod choice;
mod count;
mod db;
mod explain;
// `gen` is a reserved word in Rust 2024.
#[path = "gen.rs"]
mod generate;
mod hint;
mod messages;
mod minimize;
mod ml;
mod output;
mod print;
mod rate;
mod serve;
mod solve;
mod steps;
mod unavoidable;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// mimalloc serves the many small, short-lived vectors of the rating walks
/// with fewer instructions than the system allocator (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Sudoku Trainer's command-line tools.
#[derive(Parser, Debug)]
#[command(
    name = "sudoku",
    version,
    about = "Sudoku Trainer: solve and count Sudoku puzzles in bulk",
    long_about = "Sudoku Trainer: solve and count Sudoku puzzles in bulk.\n\n\
Every subcommand reads puzzles from arguments, files or standard input, streams \
them in constant memory, works on them in parallel and answers in input order, \
one line per puzzle. Run `sudoku help <COMMAND>` for the details of one."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Solve(solve::Args),
    Count(count::Args),
    Rate(rate::Args),
    Explain(explain::Args),
    Hint(hint::Args),
    Steps(steps::Args),
    Db(db::Args),
    Ml(ml::Args),
    Gen(generate::Args),
    Minimize(minimize::Args),
    Unavoidable(unavoidable::Args),
    Print(print::Args),
    Serve(serve::Args),
}

impl Command {
    /// The technique choice of a command that walks.
    fn choice(&self) -> Option<&choice::TechniqueArgs> {
        match self {
            Command::Rate(args) => Some(&args.solver.choice),
            Command::Explain(args) => Some(&args.solver.choice),
            Command::Hint(args) => Some(&args.position.choice),
            Command::Steps(args) => Some(&args.position.choice),
            Command::Gen(args) => Some(&args.choice),
            _ => None,
        }
    }
}

fn main() -> ExitCode {
    let env = |name: &str| std::env::var(name).ok();
    messages::set_lang(messages::lang_from_env(env));
    if let Some(warning) = messages::bad_lang_variable(env) {
        let _ = writeln!(std::io::stderr(), "{warning}");
    }
    let cli = Cli::parse();
    if let Some(choice) = cli.command.choice()
        && let Err(e) = choice.selection()
    {
        use clap::CommandFactory;
        Cli::command()
            .error(clap::error::ErrorKind::ValueValidation, e)
            .exit();
    }
    let result = match &cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Count(args) => count::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Hint(args) => hint::run(args),
        Command::Steps(args) => steps::run(args),
        Command::Db(args) => db::run(args),
        Command::Ml(args) => ml::run(args),
        Command::Gen(args) => generate::run(args),
        Command::Minimize(args) => minimize::run(args),
        Command::Unavoidable(args) => unavoidable::run(args),
        Command::Print(args) => print::run(args),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // The reader of our output has gone (`| head`): nothing left to do.
        Err(e) if batch::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!: it panics if stderr is gone too.
            let fatal = messages::Msg::Fatal {
                detail: format!("{e:#}"),
            };
            let _ = writeln!(std::io::stderr(), "{fatal}");
            ExitCode::from(2)
        }
    }
}

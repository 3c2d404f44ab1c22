"""Runs a `sudoku` line-filter subcommand over a big puzzle file on a Spark cluster.

Why it exists: `sudoku rate` (or solve, count, explain, ...) uses every core of one
machine; a file of millions of puzzles wants many machines. This driver splits the
input into contiguous ranges of lines, runs the unchanged `sudoku` binary on each
range with `--first-line` set to the range's first line number in the whole file,
and writes the answers so that the part files, concatenated in order, are
byte-identical to `sudoku SUBCOMMAND ARGS < INPUT` on one machine.

    spark-submit scripts/spark/sudoku_pipe.py --bin target/release/sudoku \\
        --input puzzles.txt --output out/ --partitions 8 -- rate --format json
    cat out/part-* > ratings.jsonl          # == sudoku rate --format json < puzzles.txt

What the concatenation equals, and what the job's exit status is:

* Line filters (solve, count, rate, explain, minimize, unavoidable, ml features):
  the local run's stdout, byte for byte, for input with one puzzle per line
  (comments and blank lines anywhere). A 9x9 block cut by a range boundary is
  not supported: its two halves are reported as incomplete blocks. Lines end at
  "\\n" only (a "\\r" stays in its line, as the binary reads it). The sole other
  difference: if every line of the first range(s) is a comment or blank, the
  first puzzle of `solve --format grid` or of `explain`'s text output gets the
  blank separator line the local run leaves out.
* gen: ARGS must hold --seed and --count N; range k generates puzzles s..e of the
  seed's sequence with `gen --first-line s+1 --count e-s`, and since puzzle i
  depends only on the seed and i, the concatenation equals the local
  `sudoku gen ARGS` (same seed, same N) byte for byte. No --input is read.
* Exit status mirrors the binary: 0 when every range exited 0, 1 when some range
  exited 1 (some line was invalid or had no solution; every line was still
  answered, as locally), 2 on a usage error here. A range whose binary exits
  with 2 or more, or dies by a signal, fails its Spark task (retried as Spark
  retries tasks) and then the job: its stdout is incomplete, so nothing is
  claimed to be complete. The binary's stderr is passed through: on the console
  with --master local, in the executors' logs on a cluster.

Unless ARGS give --jobs, each range runs with --jobs equal to spark.task.cpus
(default 1): Spark already runs one task per core. The output never depends on
--jobs.
"""

import argparse
import itertools
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

# Subcommands that read puzzles line by line and take --first-line. `ml` is one
# only as `ml features`.
LINE_FILTERS = {"solve", "count", "rate", "explain", "minimize", "unavoidable", "ml"}

# Marks the message of a failed range, so the driver can find it in Spark's
# error report and print it alone.
FAILURE_MARK = "sudoku_pipe failure: "


class UsageError(Exception):
    """A mistake in the command line, reported before any Spark work."""


def fail(message):
    print(f"sudoku_pipe: error: {message}", file=sys.stderr)
    sys.exit(2)


def parse_command_line(argv):
    """Splits `OPTIONS -- SUBCOMMAND ARGS...` and checks both halves."""
    if "--" not in argv:
        raise UsageError(
            "no subcommand: give it after `--`, as in `... --output OUT -- rate --format json`"
        )
    cut = argv.index("--")
    own, command = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(
        prog="sudoku_pipe.py",
        description="Run a sudoku line-filter subcommand over a file on Spark; "
        "the part files concatenated in order equal the local run's output.",
        usage="spark-submit sudoku_pipe.py --bin SUDOKU [--input IN] --output OUTDIR "
        "[--partitions K] -- SUBCOMMAND [ARGS...]",
    )
    parser.add_argument(
        "--bin",
        required=True,
        help="the sudoku binary, built for the executors' platform (a local path, "
        "or hdfs://, s3a://, ... for Spark to fetch)",
    )
    parser.add_argument("--input", help="puzzle file (local, hdfs://, s3a://, ...); not for gen")
    parser.add_argument("--output", required=True, help="output directory; must not exist")
    parser.add_argument(
        "--partitions",
        type=int,
        default=None,
        help="number of contiguous line ranges [default: Spark's default parallelism]",
    )
    try:
        options = parser.parse_args(own)
    except SystemExit as stop:
        # argparse has printed its message; keep its exit status (2).
        sys.exit(stop.code)
    if not command:
        raise UsageError("no subcommand after `--`")
    if options.partitions is not None and options.partitions < 1:
        raise UsageError(f"--partitions {options.partitions}: must be 1 or more")
    if any(a == "--first-line" or a.startswith("--first-line=") for a in command):
        raise UsageError("ARGS must not give --first-line: each range gets its own")
    sub = command[0]
    if sub == "gen":
        if options.input is not None:
            raise UsageError("gen reads no input: leave out --input")
        if any(a == "--pdf" or a.startswith("--pdf=") for a in command):
            raise UsageError("gen --pdf would write one PDF per range on the executors; leave it out")
        if not any(a == "--seed" or a.startswith("--seed=") for a in command):
            raise UsageError("gen needs --seed S: each range generates its part of that seed's sequence")
    elif sub in LINE_FILTERS:
        if sub == "ml" and command[1:2] != ["features"]:
            raise UsageError("of `ml`, only `ml features` reads puzzles line by line")
        if options.input is None:
            raise UsageError(f"--input IN is required for {sub}")
    else:
        raise UsageError(
            f"`{sub}` is not a subcommand that reads puzzles line by line "
            f"(use one of {', '.join(sorted(LINE_FILTERS - {'ml'}))}, ml features, or gen)"
        )
    return options, command


def local_path(text):
    """The local file system path of `text`, or None for another file system
    (hdfs://, s3a://, ...), which only Spark can check."""
    if text.startswith("file://"):
        return text[len("file://") :]
    if text.startswith("file:"):
        return text[len("file:") :]
    return None if "://" in text else text


def check_paths(options):
    """Refuses a missing binary or input, or an existing output, on the local
    file system at once, before Spark starts."""
    binary = local_path(options.bin)
    if binary is not None and not os.path.isfile(binary):
        raise UsageError(
            f"--bin {options.bin}: no such file (build it: cargo build --release -p sudoku-cli)"
        )
    if binary is not None and not os.access(binary, os.R_OK):
        raise UsageError(f"--bin {options.bin}: cannot be read")
    out = local_path(options.output)
    if out is not None and os.path.lexists(out):
        raise UsageError(
            f"--output {options.output}: already exists; remove it or choose another directory"
        )
    if options.input is not None:
        path = local_path(options.input)
        if path is not None and not os.path.exists(path):
            raise UsageError(f"--input {options.input}: no such file")
        if path is not None and os.path.isdir(path):
            raise UsageError(f"--input {options.input}: is a directory, not a file of puzzles")


def take_count(command):
    """Removes gen's --count/-n from `command`; returns (count, the rest)."""
    count, rest, i = 1, [], 0
    while i < len(command):
        a = command[i]
        value = None
        if a in ("--count", "-n"):
            if i + 1 >= len(command):
                raise UsageError(f"{a} needs a number")
            value, i = command[i + 1], i + 2
        elif a.startswith("--count="):
            value, i = a[len("--count=") :], i + 1
        elif a.startswith("-n") and a[2:].isdigit():
            value, i = a[2:], i + 1
        else:
            rest.append(a)
            i += 1
            continue
        try:
            count = int(value)
        except ValueError:
            raise UsageError(f"--count {value!r} is not a number") from None
        if count < 0:
            raise UsageError(f"--count {count}: must be 0 or more")
    return count, rest


def with_option(command, option, value):
    """`command` with `option value` added after the subcommand's own options
    (before a `--` of its own, if it has one)."""
    if "--" in command:
        cut = command.index("--")
        return command[:cut] + [option, value] + command[cut:]
    return command + [option, value]


def has_option(command, option):
    """Whether `command` gives `option` (`--jobs 2`, `--jobs=2`, `-j 2`, `-j2`)."""
    short = len(option) == 2
    return any(
        a == option or a.startswith(option + "=") or (short and a.startswith(option))
        for a in command
    )


def executable(name):
    """The shipped binary on this executor, made executable (SparkFiles copies
    may lose the mode bit)."""
    from pyspark import SparkFiles

    path = SparkFiles.get(name)
    mode = os.stat(path).st_mode
    wanted = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
    if mode & wanted == wanted:
        return path
    try:
        os.chmod(path, mode | wanted)
        return path
    except OSError:
        # A read-only copy: make our own.
        own = os.path.join(tempfile.mkdtemp(prefix="sudoku-bin-"), name)
        shutil.copy(path, own)
        os.chmod(own, 0o755)
        return own


def run_binary(argv, feed, where):
    """Runs `argv` with stdin from the byte lines of `feed` (each gets "\\n"),
    yields its stdout line by line (without the "\\n", as bytes, so nothing is
    re-encoded), and returns its exit status, which must be 0 or 1.

    Streaming both ways keeps memory constant for any range size; stdin is fed
    from a thread so a large output cannot deadlock against a large input.
    """
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None)
    feed_error = []

    def feeder():
        try:
            for line in feed:
                proc.stdin.write(line)
                proc.stdin.write(b"\n")
        except BrokenPipeError:
            pass  # The binary stopped reading (a usage error): its status says why.
        except Exception as error:  # noqa: BLE001 - re-raised in the task below
            feed_error.append(error)
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    thread = threading.Thread(target=feeder, daemon=True)
    thread.start()
    for line in proc.stdout:
        yield line[:-1] if line.endswith(b"\n") else line
    code = proc.wait()
    thread.join()
    if feed_error:
        raise feed_error[0]
    if code not in (0, 1):
        how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
        raise RuntimeError(
            f"{FAILURE_MARK}`{' '.join(argv[1:])}` {how} on {where}; "
            "its message is on stderr above (--master local) or in the executor's log"
        )
    return code


class MaxParam:
    """Accumulator of the highest exit status (0 or 1). Taking the maximum makes
    a retried task's second report harmless."""

    def zero(self, value):
        return 0

    def addInPlace(self, a, b):
        return max(a, b)


def main(argv):
    try:
        options, command = parse_command_line(argv)
        gen_count, gen_args = take_count(command) if command[0] == "gen" else (None, None)
        check_paths(options)
    except UsageError as error:
        fail(str(error))

    from pyspark import AccumulatorParam, SparkConf, SparkContext

    class Max(MaxParam, AccumulatorParam):
        pass

    sc = SparkContext(conf=SparkConf().setAppName(f"sudoku {' '.join(command[:2])}"))
    sc.setLogLevel("WARN")
    hadoop = sc._jsc.hadoopConfiguration()
    jvm = sc._jvm

    def hadoop_path(text):
        path = jvm.org.apache.hadoop.fs.Path(text)
        return path, path.getFileSystem(hadoop)

    out_path, out_fs = hadoop_path(options.output)
    if out_fs.exists(out_path):
        sc.stop()
        fail(f"--output {options.output}: already exists; remove it or choose another directory")
    if options.input is not None:
        in_path, in_fs = hadoop_path(options.input)
        if not in_fs.exists(in_path):
            sc.stop()
            fail(f"--input {options.input}: no such file")
        if in_fs.getFileStatus(in_path).isDirectory():
            sc.stop()
            fail(f"--input {options.input}: is a directory, not a file of puzzles")

    binary = local_path(options.bin)
    if binary is None:
        # hdfs://, s3a://, ...: Spark fetches it (a missing one fails here).
        bin_path, bin_fs = hadoop_path(options.bin)
        if not bin_fs.exists(bin_path):
            sc.stop()
            fail(f"--bin {options.bin}: no such file")
        sc.addFile(options.bin)
    else:
        sc.addFile(os.path.abspath(binary))
    name = os.path.basename(binary if binary is not None else options.bin.rstrip("/"))
    partitions = options.partitions or sc.defaultParallelism
    if not has_option(command, "--jobs") and not has_option(command, "-j"):
        task_cpus = sc.getConf().get("spark.task.cpus", "1")
        command = with_option(command, "--jobs", task_cpus)
        if gen_args is not None:
            gen_args = with_option(gen_args, "--jobs", task_cpus)
    worst = sc.accumulator(0, Max())

    if gen_args is not None:
        total = gen_count

        def gen_range(index, _):
            start = index * total // partitions
            end = (index + 1) * total // partitions
            # The first range always runs: with --format tsv it writes the
            # header, even for --count 0, as the local run does.
            if end == start and index != 0:
                return
            argv = [executable(name)] + with_option(
                with_option(gen_args, "--count", str(end - start)), "--first-line", str(start + 1)
            )
            code = yield from run_binary(argv, iter(()), f"range {index} (puzzles {start + 1}..{end})")
            worst.add(code)

        result = sc.parallelize(range(partitions), partitions).mapPartitionsWithIndex(gen_range)
    else:
        # Split only at "\n", as the binary does (Hadoop's default also splits at
        # a lone "\r"), and keep the lines as bytes: no decoding, no re-encoding.
        hadoop.set("textinputformat.record.delimiter", "\n")
        lines = sc.textFile(options.input, use_unicode=False)
        # Number the lines as zipWithIndex does, but keep the sizes: one pass
        # counts the lines of each input split, the next numbers them.
        sizes = lines.mapPartitions(lambda it: [sum(1 for _ in it)]).collect()
        starts = [0, *itertools.accumulate(sizes)]
        total = sum(sizes)
        parts = max(1, min(partitions, total))

        def number(split, it):
            return ((starts[split] + i, line) for i, line in enumerate(it))

        # Line i (0-based) goes to range i * parts // total: contiguous ranges of
        # nearly equal size, in order, each sorted by line number.
        ranged = (
            lines.mapPartitionsWithIndex(number)
            .repartitionAndSortWithinPartitions(
                numPartitions=parts, partitionFunc=lambda i: i * parts // max(total, 1)
            )
        )

        def filter_range(index, rows):
            rows = iter(rows)
            first = next(rows, None)
            # The first range runs even on an empty input: `rate` then writes
            # its header alone, as the local run does.
            if first is None and index != 0:
                return
            first_line = first[0] + 1 if first is not None else 1

            def feed():
                if first is not None:
                    yield first[1]
                for _, line in rows:
                    yield line

            argv = [executable(name)] + with_option(command, "--first-line", str(first_line))
            code = yield from run_binary(argv, feed(), f"range {index} (from line {first_line})")
            worst.add(code)

        # Why not RDD.pipe: its command and environment are the same for every
        # partition, so it cannot pass each range its own --first-line; with
        # checkCode it fails on exit status 1 (some line invalid, every line
        # still answered), without it it ignores real failures (status 2); and
        # it decodes and re-encodes each line as UTF-8 text.
        result = ranged.mapPartitionsWithIndex(filter_range, preservesPartitioning=True)

    try:
        result.saveAsTextFile(options.output)
    except Exception as error:  # noqa: BLE001 - Spark wraps the task's error in Py4J's
        text = str(error)
        # The directory did not exist before (checked above): what is left in
        # it is this run's incomplete output, which would block a second try.
        try:
            out_fs.delete(out_path, True)
        except Exception:  # noqa: BLE001 - the message below matters more
            pass
        reason = next(
            (line.strip() for line in text.splitlines() if FAILURE_MARK in line),
            None,
        )
        sc.stop()
        if reason is not None:
            reason = reason[reason.index(FAILURE_MARK) + len(FAILURE_MARK) :]
            print(f"sudoku_pipe: error: the job failed: {reason}", file=sys.stderr)
        else:
            print(f"sudoku_pipe: error: the job failed: {text.splitlines()[0] if text else error!r}", file=sys.stderr)
        sys.exit(2)
    code = worst.value
    sc.stop()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

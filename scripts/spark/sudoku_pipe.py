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
  (comments and blank lines anywhere). The input is bytes, not text, from end to
  end: the ranges, fed to the binary one after the other, are exactly the
  file's bytes, so invalid UTF-8, NUL bytes, a byte-order mark at the start, a
  "\\r" anywhere, lines of any length and a last line without "\\n" reach the
  binary as they do locally, and its answers are written back unchanged. Lines
  end at "\\n" only, as the binary reads them. Ranges are never empty: with more
  --partitions than lines, there is one range per line. Two differences remain,
  both from cutting the file: a 9x9 block cut by a range boundary is reported
  as two incomplete blocks; and if every line of the first range(s) is a
  comment or blank, the first puzzle of `solve --format grid` or of `explain`'s
  text output gets the blank separator line the local run leaves out.
* A compressed input (.gz, .bz2, ...) is read decompressed, as Spark reads it,
  so the equal local run is `zcat IN | sudoku ...`; its last line is always fed
  with a "\\n" (finding out whether it had one would mean decompressing the
  whole file once more in the driver), which the binary reads the same.
* gen: ARGS must hold --seed and --count N; range k generates puzzles s..e of the
  seed's sequence with `gen --first-line s+1 --count e-s`, and since puzzle i
  depends only on the seed and i, the concatenation equals the local
  `sudoku gen ARGS` (same seed, same N) byte for byte, for every --format. A
  range with no puzzles (more --partitions than N) does not run, so the TSV
  header, written by the range that starts at puzzle 1, appears once; with
  N = 0 the first range alone runs, for that header. No --input is read.
* Exit status mirrors the binary: 0 when every range exited 0, 1 when some range
  exited 1 (some line was invalid or had no solution, every line still being
  answered, as locally; for gen: --timeout stopped a range early, so the
  concatenation lacks the rest of that range's puzzles), 2 on a usage error
  here. A range whose binary exits with 2 or more, dies by a signal, or
  ends its output without a "\\n" fails its Spark task (retried as Spark
  retries tasks) and then the job: its stdout is incomplete, so nothing is
  claimed to be complete. The binary's stderr is passed through: on the console
  with --master local, in the executors' logs on a cluster.

Unless ARGS give --jobs, each range runs with --jobs equal to spark.task.cpus
(default 1): Spark already runs one task per core. The output never depends on
--jobs.

An input whose file name starts with "_" or "." is refused: Spark's file
reader skips such files (it takes them for hidden or metadata files) and would
read no line.
"""

import argparse
import itertools
import os
import re
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

# The UTF-8 byte-order mark. Hadoop's line reader drops it from the start of a
# file; the binary must see it, as it does locally.
BOM = b"\xef\xbb\xbf"

# How much of the binary's stdout is read at a time; the pieces written are
# whole lines, so about this size.
CHUNK = 1 << 16


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
        name = options.input.rstrip("/").rsplit("/", 1)[-1]
        if name.startswith(("_", ".")):
            raise UsageError(
                f"--input {options.input}: Spark's file reader skips a file whose name "
                "starts with `_` or `.`; rename it, or give a link with another name"
            )
        path = local_path(options.input)
        if path is not None and not os.path.exists(path):
            raise UsageError(f"--input {options.input}: no such file")
        if path is not None and os.path.isdir(path):
            raise UsageError(f"--input {options.input}: is a directory, not a file of puzzles")


def literal(path):
    """`path` with the characters of Hadoop's glob patterns escaped: Spark's
    file reader expands globs, but --input names one file."""
    return re.sub(r"([\\\[\]{}*?])", r"\\\1", path)


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
    """Runs `argv` with stdin from the byte strings of `feed`, written as they
    are; yields its stdout in pieces of whole lines, each without its last
    "\\n" (the writer adds one after every piece); and returns its exit status,
    which must be 0 or 1.

    Streaming both ways keeps memory constant for any range size (only a line
    is held whole, however long); stdin is fed from a thread so a large output
    cannot deadlock against a large input.
    """
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None)
    feed_error = []

    def feeder():
        try:
            for data in feed:
                proc.stdin.write(data)
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
    pending = []  # the output after the last "\n" so far
    for chunk in iter(lambda: proc.stdout.read1(CHUNK), b""):
        cut = chunk.rfind(b"\n")
        if cut < 0:
            pending.append(chunk)
            continue
        pending.append(chunk[:cut])
        yield b"".join(pending)
        pending = [chunk[cut + 1 :]]
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
    if any(pending):
        # The text writer ends every piece with "\n": a last line without one
        # cannot be written byte-identically.
        raise RuntimeError(
            f"{FAILURE_MARK}`{' '.join(argv[1:])}` ended its output without a newline on {where}"
        )
    return code


def probe(jvm, hadoop, fs, path):
    """(up to the first 4 bytes of the input as Spark reads it, decompressed;
    whether its last byte is "\\n", or True for a compressed or empty input).

    Both are what Hadoop's line reader hides: it drops a byte-order mark at the
    start, and a last line reads the same with or without its "\\n".
    """
    codec = jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(hadoop).getCodec(path)
    stream = raw = fs.open(path)
    try:
        if codec is not None:
            stream = codec.createInputStream(raw)  # closing it closes `raw`
        head = bytearray()
        while len(head) < 4:
            byte = stream.read()
            if byte < 0:
                break
            head.append(byte)
        ends_with_newline = True
        size = fs.getFileStatus(path).getLen()
        if codec is None and size > 0:
            raw.seek(size - 1)
            ends_with_newline = raw.read() == ord("\n")
    finally:
        stream.close()
    return bytes(head), ends_with_newline


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

    from pyspark import AccumulatorParam
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    class Max(MaxParam, AccumulatorParam):
        pass

    spark = SparkSession.builder.appName(f"sudoku {' '.join(command[:2])}").getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    hadoop = sc._jsc.hadoopConfiguration()
    jvm = sc._jvm

    def hadoop_path(text):
        path = jvm.org.apache.hadoop.fs.Path(text)
        return path, path.getFileSystem(hadoop)

    def stop_and_fail(message):
        spark.stop()
        fail(message)

    out_path, out_fs = hadoop_path(options.output)
    if out_fs.exists(out_path):
        stop_and_fail(f"--output {options.output}: already exists; remove it or choose another directory")
    if options.input is not None:
        in_path, in_fs = hadoop_path(options.input)
        if not in_fs.exists(in_path):
            stop_and_fail(f"--input {options.input}: no such file")
        if in_fs.getFileStatus(in_path).isDirectory():
            stop_and_fail(f"--input {options.input}: is a directory, not a file of puzzles")

    binary = local_path(options.bin)
    if binary is None:
        # hdfs://, s3a://, ...: Spark fetches it (a missing one fails here).
        bin_path, bin_fs = hadoop_path(options.bin)
        if not bin_fs.exists(bin_path):
            stop_and_fail(f"--bin {options.bin}: no such file")
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
            # A range without puzzles does not run: its gen would start at
            # puzzle 1 too and write a second TSV header. With --count 0 the
            # first range runs alone, for the header the local run writes.
            if end == start and (total > 0 or index != 0):
                return
            argv = [executable(name)] + with_option(
                with_option(gen_args, "--count", str(end - start)), "--first-line", str(start + 1)
            )
            code = yield from run_binary(argv, iter(()), f"range {index} (puzzles {start + 1}..{end})")
            worst.add(code)

        result = sc.parallelize(range(partitions), partitions).mapPartitionsWithIndex(gen_range)
    else:
        # Why not sc.textFile: its lines are decoded as UTF-8 in the JVM, so an
        # invalid byte becomes U+FFFD (0xff reaches the binary as 0xef 0xbf 0xbd).
        # Spark SQL's text reader keeps each line's bytes as they are; cast to
        # binary, they reach Python as bytes. Its lineSep ends lines at "\n"
        # only, as the binary does (the default also ends them at a lone "\r").
        # Every row comes with the start of its input split: a task reads a
        # split's lines in order, so (split start, place in the split) orders
        # them, whatever the order of the partitions.
        lines = (
            spark.read.option("lineSep", "\n")
            .text(literal(options.input))
            .select(F.input_file_block_start(), F.col("value").cast("binary"))
            .rdd
        )
        head, ends_with_newline = probe(jvm, hadoop, in_fs, in_path)

        def count_lines(rows):
            counts = {}
            for split, _ in rows:
                counts[split] = counts.get(split, 0) + 1
            return counts.items()

        sizes = {}
        for split, size in lines.mapPartitions(count_lines).collect():
            sizes[split] = sizes.get(split, 0) + size
        splits = sorted(sizes)
        starts = dict(zip(splits, itertools.accumulate([sizes[s] for s in splits], initial=0)))
        total = sum(sizes.values())

        def number(rows):
            seen = {}
            for split, line in rows:
                i = seen.get(split, 0)
                seen[split] = i + 1
                yield starts[split] + i, bytes(line)

        numbered = lines.mapPartitions(number)
        if total == 0 and head == BOM:
            # The file is a byte-order mark alone: Hadoop's reader drops it and
            # has no line left, the binary reads it as one line.
            numbered, total = sc.parallelize([(0, b"")], 1), 1
        elif total == 0 and head:
            stop_and_fail(f"--input {options.input}: Spark's file reader read no line of it")
        bom = head.startswith(BOM)
        parts = max(1, min(partitions, total))

        # Line i (0-based) goes to range i * parts // total: contiguous ranges of
        # nearly equal size, none empty, in order, each sorted by line number.
        ranged = numbered.repartitionAndSortWithinPartitions(
            numPartitions=parts, partitionFunc=lambda i: i * parts // max(total, 1)
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
                # The file's bytes again: the mark Hadoop dropped, and "\n"
                # after every line but a last one that had none.
                for i, line in itertools.chain([] if first is None else [first], rows):
                    if i == 0 and bom:
                        line = BOM + line
                    yield (line + b"\n") if i < total - 1 or ends_with_newline else line

            argv = [executable(name)] + with_option(command, "--first-line", str(first_line))
            code = yield from run_binary(argv, feed(), f"range {index} (from line {first_line})")
            worst.add(code)

        # Why not RDD.pipe: its command and environment are the same for every
        # partition, so it cannot pass each range its own --first-line; with
        # checkCode it fails on exit status 1 (some line invalid, every line
        # still answered), without it it ignores real failures (status 2); and
        # it decodes and re-encodes each line as UTF-8 text.
        result = ranged.mapPartitionsWithIndex(filter_range, preservesPartitioning=True)

    # Why not saveAsTextFile: it decodes each piece as UTF-8 too. Spark SQL's
    # text writer writes a string's bytes as they are, and a binary value cast
    # to a string keeps its bytes. An empty range gets no file, or an empty
    # one if it is the first.
    pieces = spark.createDataFrame(
        result.map(lambda piece: (piece,)), T.StructType([T.StructField("value", T.BinaryType())])
    )
    try:
        pieces.select(F.col("value").cast("string")).write.text(options.output)
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
        spark.stop()
        if reason is not None:
            reason = reason[reason.index(FAILURE_MARK) + len(FAILURE_MARK) :]
            print(f"sudoku_pipe: error: the job failed: {reason}", file=sys.stderr)
        else:
            print(f"sudoku_pipe: error: the job failed: {text.splitlines()[0] if text else error!r}", file=sys.stderr)
        sys.exit(2)
    code = worst.value
    spark.stop()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

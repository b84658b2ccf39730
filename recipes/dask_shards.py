#!/usr/bin/env python3
"""Sharded `gesturetune analyze` on Dask, then `gesturetune merge` (the tested recipe).

Each of N Dask tasks runs

    gesturetune analyze FILES... --shard K/N --partial PARTIALS/part-K.json [ANALYZE OPTIONS]

and one more task, once every shard is done, runs

    gesturetune merge PARTIALS/part-*.json --out OUT --name NAME [--jobs J]

which writes the report the unsharded `gesturetune analyze FILES... [ANALYZE OPTIONS]` writes,
byte for byte, and prints the same summary (`Tests/EndToEndTests/DaskRecipeEndToEndTests.swift`
checks both). Every shard is given the same files in the same order and the same options;
`--shard` picks its share.

    python3 recipes/dask_shards.py --gesturetune .build/release/gesturetune --shards 8 \\
        --workers 2 --out notebooks-out --name traces traces/*.csv -- --resamples 1000 --jobs 1

Everything after `--` goes to every `analyze` shard unchanged. The default scheduler is Dask's
local threaded one (the work happens in the gesturetune processes; a thread only waits on
one); `--scheduler processes` or `synchronous` pick the others. On a cluster, build the same
graph (`shard_tasks`) and compute it with a `dask.distributed` Client whose workers see the
binary and the files.

Exit status: 0; a shard's or the merge's own status when it fails (its command and standard
error are printed); 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import dask


class StepFailed(Exception):
    """A gesturetune run that exited non-zero: its command, status and standard error."""

    def __init__(self, what: str, argv: list[str], status: int, stderr: str):
        self.what, self.argv, self.status, self.stderr = what, argv, status, stderr
        super().__init__(self.describe())

    def describe(self) -> str:
        """What failed, its command and its standard error (without Dask's remote traceback)."""
        return (f"{self.what} failed with exit status {self.status}: {' '.join(self.argv)}\n"
                f"{self.stderr.rstrip()}")

    def __reduce__(self):  # picklable, for --scheduler processes
        return (StepFailed, (self.what, self.argv, self.status, self.stderr))


def run(what: str, argv: list[str]) -> subprocess.CompletedProcess:
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise StepFailed(what, argv, done.returncode, done.stderr)
    return done


@dask.delayed(pure=False)
def analyze_shard(binary: str, files: list[str], k: int, n: int, partial: str,
                  options: list[str]) -> str:
    """One shard: `analyze FILES --shard k/n --partial PARTIAL OPTIONS`; returns the partial."""
    run(f"shard {k}/{n}",
        [binary, "analyze", *files, "--shard", f"{k}/{n}", "--partial", partial, *options])
    return partial


@dask.delayed(pure=False)
def merge(binary: str, partials: list[str], out: str, name: str | None,
          options: list[str]) -> str:
    """`merge PARTIALS --out OUT [--name NAME] OPTIONS` once every shard is done; its stdout."""
    argv = [binary, "merge", *partials, "--out", out, *options]
    if name is not None:
        argv += ["--name", name]
    return run("merge", argv).stdout


def shard_tasks(binary: str, files: list[str], n: int, partials_dir: str, out: str,
                name: str | None, analyze_options: list[str], merge_options: list[str]):
    """The Dask graph: n shard tasks and the merge that depends on them all."""
    partials = [
        analyze_shard(binary, files, k, n, os.path.join(partials_dir, f"part-{k}.json"),
                      analyze_options)
        for k in range(1, n + 1)
    ]
    return merge(binary, partials, out, name, merge_options)


def main(argv: list[str]) -> int:
    if "--" in argv:
        cut = argv.index("--")
        argv, analyze_options = argv[:cut], argv[cut + 1:]
    else:
        analyze_options = []
    parser = argparse.ArgumentParser(
        description="gesturetune analyze --shard K/N --partial on Dask's local scheduler, "
        "then gesturetune merge. Options after '--' go to every analyze shard.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="trace files, as for analyze")
    parser.add_argument("--gesturetune", default="gesturetune", metavar="BIN",
                        help="the gesturetune binary (default: gesturetune on PATH)")
    parser.add_argument("--shards", type=int, default=4, metavar="N",
                        help="number of shards (default 4)")
    parser.add_argument("--workers", type=int, default=None, metavar="W",
                        help="shards run at a time (default: Dask's, the number of cores)")
    parser.add_argument("--scheduler", choices=["threads", "processes", "synchronous"],
                        default="threads", help="Dask's local scheduler (default threads)")
    parser.add_argument("--partials", default=None, metavar="DIR",
                        help="folder for part-K.json (default: OUT/partials)")
    parser.add_argument("--out", default="notebooks-out", metavar="DIR",
                        help="merge --out: folder the report folder is written into")
    parser.add_argument("--name", default=None,
                        help="merge --name: report name (default: merge's, the first file's)")
    parser.add_argument("--merge-jobs", type=int, default=None, metavar="J",
                        help="merge --jobs (default: merge's)")
    args = parser.parse_args(argv)
    if args.shards < 1:
        parser.error("--shards must be at least 1")
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")

    partials_dir = args.partials or os.path.join(args.out, "partials")
    os.makedirs(partials_dir, exist_ok=True)
    merge_options = [] if args.merge_jobs is None else ["--jobs", str(args.merge_jobs)]
    graph = shard_tasks(args.gesturetune, args.files, args.shards, partials_dir, args.out,
                        args.name, analyze_options, merge_options)
    compute_options = {"scheduler": args.scheduler}
    if args.workers is not None:
        compute_options["num_workers"] = args.workers
    try:
        (summary,) = dask.compute(graph, **compute_options)
    except StepFailed as failure:
        print(f"dask_shards: {failure.describe()}", file=sys.stderr)
        return failure.status
    sys.stdout.write(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

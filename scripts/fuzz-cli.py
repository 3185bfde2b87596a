#!/usr/bin/env python3
"""scripts/fuzz-cli.py: the CLI mutation loop of scripts/fuzz.

Mutates the seed files (byte flips, insertions of SVG tokens and huge numbers, splices of two
seeds, PNG header edits) into batches of 40 inputs, runs `glyphsmith assets BATCH -o OUT
--role plain --size 24 --scales 1,2 --json --quiet` on each and flags: a signal or an exit code
other than 0, 1, 2; a batch over 60 s; an input that is neither written nor failed with a
message naming it; an input the renderer crashed on, ran out of time or memory with (isolated,
but still a bug to fix at its cause). Flagged inputs are copied to FINDINGS.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

TOKENS = [b"<text y='9' font-size='1e9'>W</text>", b"<use href='#a'/>", b" id='a'",
          b"<g id='a'><use href='#a'/></g>", b"1e19", b"1e38", b"-1e308", b"NaN", b"\xf2",
          b"<feTurbulence numOctaves='99999'/>", b"style='font:9e9px serif'", b"href",
          b"url(/etc/passwd)", b"<!DOCTYPE svg SYSTEM 'x.dtd'>", b"transform='scale(1e30)'",
          b"stroke-width='1e30'", b"<image href='data:image/svg+xml,%3Csvg/%3E'/>",
          b"<filter id='f'><feGaussianBlur stdDeviation='1e9'/></filter>", b"filter='url(#f)'",
          b"viewBox='0 0 0 0'", b"width='0'", b"em", b"%", b"<![CDATA[", b"]]>", b"&#0;"]


def mutate(rng, seeds):
    data = bytearray(rng.choice(seeds))
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(5)
        pos = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[pos:pos] = rng.choice(TOKENS)
        elif kind == 2 and data:
            end = min(len(data), pos + rng.randint(1, 32))
            del data[pos:end]
        elif kind == 3:
            other = rng.choice(seeds)
            start = rng.randrange(len(other) + 1)
            data[pos:pos] = other[start:start + rng.randint(1, 200)]
        elif kind == 4 and data[:4] == b"\x89PNG" and len(data) > 24:
            # IHDR width/height
            data[16 + rng.randrange(8)] = rng.randrange(256)
    return bytes(data[:200_000])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--findings", required=True)
    ap.add_argument("--glyphsmith", required=True)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    # A private copy of the executable, so that rebuilding while this runs is harmless.
    private = Path(tempfile.mkdtemp(prefix="glyphsmith-fuzz-bin-")) / "glyphsmith"
    shutil.copy2(args.glyphsmith, private)
    args.glyphsmith = str(private)
    seeds = [p.read_bytes() for p in sorted(Path(args.seeds).iterdir()) if p.is_file()]
    findings = Path(args.findings)
    findings.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + args.seconds
    batches = inputs = flagged = 0
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    while time.time() < deadline:
        work = Path(tempfile.mkdtemp(prefix="glyphsmith-fuzz-"))
        try:
            src = work / "in"
            src.mkdir()
            files = {}
            for i in range(40):
                data = mutate(rng, seeds)
                ext = "png" if data[:4] == b"\x89PNG" else "svg"
                path = src / f"m{i:02d}.{ext}"
                path.write_bytes(data)
                files[path.name] = data
            start = time.time()
            try:
                run = subprocess.run(
                    [args.glyphsmith, "assets", str(src), "-o", str(work / "out.xcassets"),
                     "--role", "plain", "--size", "24", "--scales", "1,2", "--json", "--quiet",
                     "--jobs", "1"],
                    capture_output=True, timeout=120, env=env)
            except subprocess.TimeoutExpired:
                flag(findings, files, "batch-timeout", list(files))
                flagged += 1
                continue
            seconds = time.time() - start
            batches += 1
            inputs += len(files)
            bad = []
            if run.returncode not in (0, 1, 2):
                bad.append(f"exit {run.returncode}")
            if seconds > 60:
                bad.append(f"batch took {seconds:.0f} s")
            report = {}
            try:
                report = json.loads(run.stdout or b"{}")
            except ValueError:
                bad.append("no JSON report")
            suspects = []
            for entry in report.get("inputs", []):
                name = Path(entry.get("path", "")).name
                error = entry.get("error") or ""
                if entry.get("status") == "failed" and name not in error:
                    suspects.append(name)
                for word in ("crashed", "took longer", "needs more than"):
                    if word in error:
                        suspects.append(name)
            if bad or suspects:
                flagged += 1
                flag(findings, files, "; ".join(bad) or "isolated", suspects or list(files))
                (findings / f"cli-{int(time.time())}-stderr.txt").write_bytes(run.stderr[-20000:])
        finally:
            shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(private.parent, ignore_errors=True)
    print(f"fuzz-cli: {batches} batches, {inputs} inputs, {flagged} flagged batches "
          f"in {args.seconds:.0f} s (seed {args.seed})")


def flag(findings, files, why, names):
    stamp = int(time.time() * 1000)
    for name in names:
        if name in files:
            (findings / f"cli-{stamp}-{name}").write_bytes(files[name])
    print(f"fuzz-cli: flagged ({why}): {', '.join(sorted(set(names)))[:300]}", flush=True)


if __name__ == "__main__":
    main()

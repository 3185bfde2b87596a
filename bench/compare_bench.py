"""Helper of bench/compare: makes the image pair, times the tools, prints figures and ratios.

Compare only: the time of the comparison call itself on decoded images in memory, both with a
diff buffer (pixelmatch's `output`) and count-only. pybind11-pixelmatch is timed around its
`pixelmatch()` call; glyphsmith reports the same span with its hidden `--timing` flag (the
`Pixelmatch.compare` call, after both PNGs are decoded, before the diff is encoded). Both use
pixelmatch 5/6 semantics (`--blend white`, threshold 0.1), so their counts must agree.

Whole process: wall clock of `glyphsmith compare a.png b.png [--diff d.png]` against
`compare -metric AE a.png b.png d.png|null:`, each decoding both PNGs, comparing and (with a
diff) writing one, alternating runs; on the plain pair and on the same pixels written by Pillow
(adaptive row filters, as most tools write PNGs; made here with pip's Pillow, not committed).
"""

import argparse
import re
import statistics
import struct
import subprocess
import time
import zlib

import numpy as np
import pybind11_pixelmatch as pm


def write_png(path, rgba):
    """A plain 8-bit RGBA PNG (filter 0 on every row, zlib level 6)."""
    height, width, _ = rgba.shape
    raw = np.zeros((height, width * 4 + 1), dtype=np.uint8)
    raw[:, 1:] = rgba.reshape(height, width * 4)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)))
        f.write(chunk(b"IEND", b""))


def make_pair(size):
    """Icon-like content (flat shapes, gradients, anti-aliased-looking edges, a translucent
    band) and a copy with small scattered differences, from a fixed seed."""
    y, x = np.mgrid[0:size, 0:size].astype(np.int64)
    a = np.zeros((size, size, 4), dtype=np.uint8)
    a[..., 0] = (x * 255 // (size - 1)).astype(np.uint8)
    a[..., 1] = (y * 255 // (size - 1)).astype(np.uint8)
    a[..., 2] = 128
    a[..., 3] = 255
    cell = size // 20
    r2 = (x % cell - cell // 2) ** 2 + (y % cell - cell // 2) ** 2
    disc = r2 < (cell * 0.35) ** 2
    a[disc] = (30, 60, 200, 255)
    ring = (r2 >= (cell * 0.35) ** 2) & (r2 < (cell * 0.35 + 1.5) ** 2)
    a[ring] = (120, 140, 190, 255)
    band = (y // (size // 8)) % 4 == 1
    a[band, 3] = 160
    b = a.copy()
    rng = np.random.default_rng(20261130)
    n = size * size // 4000  # 0.025 % of the pixels
    ys = rng.integers(0, size, n)
    xs = rng.integers(0, size, n)
    delta = rng.integers(-90, 90, (n, 3))
    b[ys, xs, :3] = np.clip(b[ys, xs, :3].astype(np.int64) + delta, 0, 255).astype(np.uint8)
    for _ in range(40):  # a few small blobs
        cy, cx = rng.integers(2, size - 6, 2)
        b[cy : cy + 4, cx : cx + 4, :3] = 255 - b[cy : cy + 4, cx : cx + 4, :3]
    return a, b


def timed_runs(runs, fn):
    values = []
    for _ in range(runs):
        values.append(fn())
    return statistics.median(values)


def glyphsmith_compare_ms(args, a_png, b_png, diff):
    cmd = [args.glyphsmith, "compare", a_png, b_png, "--blend", "white", "--timing"]
    if diff:
        cmd += ["--diff", f"{args.work}/g-diff.png"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"glyphsmith failed: {proc.stderr}")
    match = re.search(r"compare ([0-9.]+) ms", proc.stderr)
    count = int(re.search(r": (\d+) of", proc.stdout).group(1))
    return float(match.group(1)), count


def wall(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd[0]} failed: {proc.stderr}")
    return elapsed * 1000, proc


def peak_rss_mb(cmd):
    proc = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    return int(proc.stderr.strip().splitlines()[-1]) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--glyphsmith", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=4000)
    args = parser.parse_args()

    size = args.size
    a, b = make_pair(size)
    a_png, b_png = f"{args.work}/a.png", f"{args.work}/b.png"
    write_png(a_png, a)
    write_png(b_png, b)
    print(f"image pair: {size} x {size} RGBA, {int((a != b).any(axis=2).sum())} pixels changed; "
          f"median of {args.runs} runs; {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores")
    print()

    # --- compare only -----------------------------------------------------------------------
    options = pm.Options()
    options.threshold = 0.1
    options.includeAA = False
    counts = {}

    def py_run(with_output):
        def run():
            # A fresh, untouched diff buffer each run, as glyphsmith allocates one per process.
            fresh = np.zeros_like(a) if with_output else None
            start = time.perf_counter()
            if with_output:
                counts["py"] = pm.pixelmatch(a, b, output=fresh, options=options)
            else:
                counts["py"] = pm.pixelmatch(a, b, options=options)
            return (time.perf_counter() - start) * 1000
        return run

    rows = []
    for label, with_output in (("with diff buffer", True), ("count only", False)):
        py_ms = timed_runs(args.runs, py_run(with_output))
        swift = [glyphsmith_compare_ms(args, a_png, b_png, with_output) for _ in range(args.runs)]
        swift_ms = statistics.median(s[0] for s in swift)
        swift_count = swift[0][1]
        rows.append((label, swift_ms, py_ms, swift_count, counts["py"]))

    print("compare only (decoded images in memory)   glyphsmith   pybind11-pixelmatch   ratio")
    for label, swift_ms, py_ms, swift_count, py_count in rows:
        print(f"  {label:<38} {swift_ms:8.1f} ms   {py_ms:10.1f} ms       {py_ms / swift_ms:5.2f}x faster")
        print(f"  {'':<38} count {swift_count}   count {py_count}   {'same' if swift_count == py_count else 'DIFFERENT'}")
    if rows[0][3] != rows[0][4]:
        print("  note: on this pair every pixel the two disagree on is semi-transparent (alpha 160):")
        print("  pybind11-pixelmatch blends those unlike pixelmatch 5/6, which glyphsmith matches on every")
        print("  case of pixelmatch's own fixtures (Tests/GlyphsmithTests/ComparePixelmatchTests.swift).")
    print()

    # --- whole process ------------------------------------------------------------------------
    # Two pairs of the same pixels: the plain one above (filter 0 rows) and one written by
    # Pillow (adaptive row filters, as most tools write PNGs).
    from PIL import Image
    pil_a, pil_b = f"{args.work}/pil-a.png", f"{args.work}/pil-b.png"
    Image.fromarray(a, "RGBA").save(pil_a)
    Image.fromarray(b, "RGBA").save(pil_b)
    pairs = (("plain pair (filter 0)", a_png, b_png), ("Pillow-written pair", pil_a, pil_b))
    whole_runs = max(3, args.runs // 2)
    print("whole process (decode both, compare, [write diff PNG])   glyphsmith   ImageMagick   ratio   target")
    timing_lines = []
    for label, pa, pb in pairs:
        for with_diff in (True, False):
            g_cmd = [args.glyphsmith, "compare", pa, pb, "--blend", "white"]
            im_cmd = ["compare", "-metric", "AE", pa, pb]
            if with_diff:
                g_cmd += ["--diff", f"{args.work}/g-diff.png"]
                im_cmd += [f"{args.work}/im-diff.png"]
            else:
                im_cmd += ["null:"]
            g_values, im_values = [], []
            for _ in range(whole_runs):  # alternating
                g_values.append(wall(g_cmd)[0])
                im_values.append(wall(im_cmd)[0])
            g_ms, im_ms = statistics.median(g_values), statistics.median(im_values)
            target = 4 if with_diff else 3
            verdict = "met" if im_ms / g_ms >= target else "NOT met"
            what = f"{label}, {'diff PNG written' if with_diff else 'no diff image'}"
            print(f"  {what:<52} {g_ms:7.0f} ms   {im_ms:8.0f} ms   {im_ms / g_ms:5.2f}x faster"
                  f"   >= {target}x {verdict}")
            if with_diff:
                _, timing_proc = wall(g_cmd + ["--timing"])
                timing_lines.append(f"  glyphsmith steps, {label}: "
                                    f"{timing_proc.stderr.strip().replace('timing: ', '')}")
    for line in timing_lines:
        print(line)
    im_count = wall(["compare", "-metric", "AE", a_png, b_png, "null:"])[1].stderr.strip()
    print(f"  ImageMagick AE count: {im_count} (exact colour equality, not pixelmatch's perceptual count)")
    print()

    # --- memory -------------------------------------------------------------------------------
    image_mb = size * size * 4 / 2**20
    for label, pa, pb in pairs:
        g_cmd = [args.glyphsmith, "compare", pa, pb, "--blend", "white", "--diff", f"{args.work}/g-diff.png"]
        im_cmd = ["compare", "-metric", "AE", pa, pb, f"{args.work}/im-diff.png"]
        g_rss = peak_rss_mb(g_cmd)
        im_rss = peak_rss_mb(im_cmd)
        print(f"memory (peak RSS, whole process, {label}): glyphsmith {g_rss:.0f} MiB "
              f"(target <= 212), ImageMagick {im_rss:.0f} MiB")
    print(f"one {size}x{size} RGBA8 image is {image_mb:.0f} MiB, so the two inputs and the diff "
          f"are {3 * image_mb:.0f} MiB")

if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes a scripted sample of filled icons with separate parts, counters, islands and
knock-outs (issue 39), for scripts/symbol-parts.sh: each icon is one `<path>` on a 24 x 24
viewBox, a 2 x 2 or 3 x 3 grid of motifs that do not touch, each contour drawn clockwise or
counter-clockwise at random, the fill rule nonzero or even-odd at random. Under nonzero a
hole always turns against the contour around it (else it would be ink); an island inside a
hole, and a separate part, may turn either way. Motifs: a disc, a bar, a ring (a disc with a
counter), a frame with an island (an image's sun), a disc with a knocked-out bar and a
knocked-out "0" (a hole with an island), drops under a cloud.

usage: scripts/symbol-parts-sample.py OUT_DIR [--count 100] [--seed 39]"""
import argparse
import os
import random


def rect(x, y, w, h, clockwise):
    return f"M{x:g} {y:g}h{w:g}v{h:g}h{-w:g}Z" if clockwise else f"M{x:g} {y:g}v{h:g}h{w:g}v{-h:g}Z"


def circle(cx, cy, r, clockwise):
    s = 1 if clockwise else 0
    return (f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 {s} {2 * r:g} 0"
            f"a{r:g} {r:g} 0 1 {s} {-2 * r:g} 0Z")


def motif(kind, x, y, size, evenodd, rng):
    """Path data of one motif in the cell (x, y, size), and its contours' kinds."""
    c = rng.random() < 0.5  # the outer contour's direction
    hole = (rng.random() < 0.5) if evenodd else (not c)  # nonzero: holes turn against it
    island = rng.random() < 0.5
    cx, cy, r = x + size / 2, y + size / 2, size * 0.42
    if kind == "disc":
        return circle(cx, cy, r, c), ["part"]
    if kind == "bar":
        return rect(x + size * 0.1, y + size * 0.35, size * 0.8, size * 0.3, c), ["part"]
    if kind == "ring":
        return circle(cx, cy, r, c) + circle(cx, cy, r * 0.6, hole), ["part", "hole"]
    if kind == "frame-sun":
        s = size * 0.84
        return (rect(x + size * 0.08, y + size * 0.08, s, s, c)
                + rect(x + size * 0.2, y + size * 0.2, size * 0.6, size * 0.6, hole)
                + circle(cx, cy, size * 0.18, island), ["part", "hole", "part"])
    if kind == "knock-bar":
        return (circle(cx, cy, r, c) + rect(cx - r * 0.2, cy - r * 0.6, r * 0.4, r * 1.2, hole),
                ["part", "hole"])
    if kind == "knock-zero":
        return (circle(cx, cy, r, c) + rect(cx - r * 0.45, cy - r * 0.65, r * 0.9, r * 1.3, hole)
                + rect(cx - r * 0.2, cy - r * 0.4, r * 0.4, r * 0.8, island),
                ["part", "hole", "part"])
    # cloud-drops: a cloud bar on top, three drops each turning its own way.
    d = rect(x + size * 0.1, y + size * 0.1, size * 0.8, size * 0.35, c)
    for i in range(3):
        d += rect(x + size * (0.15 + 0.27 * i), y + size * 0.58, size * 0.14, size * 0.3,
                  rng.random() < 0.5)
    return d, ["part", "part", "part", "part"]


KINDS = ["disc", "bar", "ring", "frame-sun", "knock-bar", "knock-zero", "cloud-drops"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for n in range(args.count):
        evenodd = rng.random() < 0.4
        grid = rng.choice([2, 3])
        cell = 24 / grid
        d, kinds = "", []
        for row in range(grid):
            for column in range(grid):
                part, k = motif(rng.choice(KINDS), column * cell + 0.5, row * cell + 0.5,
                                cell - 1, evenodd, rng)
                d += part
                kinds += k
        rule = ' fill-rule="evenodd"' if evenodd else ""
        with open(os.path.join(args.out, f"sample-{n:03d}.svg"), "w") as f:
            f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" '
                    f'fill="currentColor"><path{rule} d="{d}"/></svg>\n')
    print(f"wrote {args.count} icons to {args.out}")


main()

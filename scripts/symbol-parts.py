#!/usr/bin/env python3
"""Issue 39's check of symbol weights, part by part: in every template a `glyphsmith symbol`
run wrote, each contour of Regular-S is classified by the ink it bounds (the template paths
filled together with the nonzero rule, as the system draws them): a contour with ink just
inside it and none just outside bounds a part (its area must grow from Ultralight-S to
Regular-S to Black-S); one with ink outside and none inside bounds a hole or a knock-out (its
area must shrink, down to the collapsed copy of a closed hole); one with ink on both sides or
neither bounds nothing and is not counted. Contours are matched by index (the weights are
compatible: same paths, same commands).

The templates' path data (absolute M/L/C/Z) is read with a regular expression, on purpose
independent of the Swift code that wrote it.

usage: scripts/symbol-parts.py CATALOG.xcassets [--json OUT] [--loss 0.25]
Prints the number of symbols, parts and holes, the parts that do not grow (and those losing
`--loss` or more of their Regular area at Black) and the holes that do not shrink, with names;
exit 1 when any part or hole goes the wrong way."""
import argparse
import json
import math
import pathlib
import sys
import xml.etree.ElementTree as ET

from symbol_template_paths import NS, WEIGHTS, area, contours


def box(c):
    xs, ys = [q[0] for q in c], [q[1] for q in c]
    return min(xs), max(xs), min(ys), max(ys)


BOXES = {}


def winding(paths, p):
    """Nonzero winding of each path at p; ink when any path's is not 0 (paths drawn together)."""
    for path in paths:
        total = 0
        for c in path:
            b = BOXES.get(id(c)) or BOXES.setdefault(id(c), box(c))
            if p[1] < b[2] or p[1] > b[3] or p[0] < b[0] or p[0] > b[1]:
                continue  # a ray from outside the contour's bounds crosses it net 0 times
            n = len(c)
            for k in range(n):
                a, b = c[k - 1], c[k]
                cross = (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])
                if a[1] <= p[1]:
                    if b[1] > p[1] and cross > 0:
                        total += 1
                elif b[1] <= p[1] and cross < 0:
                    total -= 1
        if total != 0:
            return True
    return False


def inside(c, p):
    """Even-odd containment of p in the contour c alone."""
    result, j = False, len(c) - 1
    for k in range(len(c)):
        a, b = c[k], c[j]
        if (a[1] > p[1]) != (b[1] > p[1]) and p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]:
            result = not result
        j = k
    return result


def kind(paths, c, eps=0.05):
    """'part', 'hole' or None for contour c among `paths`, by a vote over edge midpoints."""
    votes = {"part": 0, "hole": 0}
    n = len(c)
    step = max(1, n // 12)
    for k in range(0, n, step):
        a, b = c[k], c[(k + 1) % n]
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < 1e-6:
            continue
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        nx, ny = -(b[1] - a[1]) / length * eps, (b[0] - a[0]) / length * eps
        p, q = (m[0] + nx, m[1] + ny), (m[0] - nx, m[1] - ny)
        if not inside(c, p):
            p, q = q, p
        if not inside(c, p) or inside(c, q):
            continue
        ink_in, ink_out = winding(paths, p), winding(paths, q)
        if ink_in and not ink_out:
            votes["part"] += 1
        elif ink_out and not ink_in:
            votes["hole"] += 1
    if votes["part"] == votes["hole"]:
        return None
    return "part" if votes["part"] > votes["hole"] else "hole"


def weights(template):
    root = ET.parse(template).getroot()
    groups = {}
    for g in root.iter(NS + "g"):
        if g.get("id") in WEIGHTS:
            groups[g.get("id")] = [contours(p.get("d") or "") for p in g.iter(NS + "path")]
    return groups


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("catalog")
    parser.add_argument("--json")
    parser.add_argument("--loss", type=float, default=0.25)
    args = parser.parse_args()
    templates = sorted(pathlib.Path(args.catalog).glob("*.symbolset/*.svg"))
    counts = {"symbols": 0, "parts": 0, "holes": 0, "neutral": 0, "incompatible": 0}
    thinning, losing, opening = [], [], []
    for template in templates:
        groups = weights(template)
        BOXES.clear()
        if set(groups) != set(WEIGHTS):
            continue
        counts["symbols"] += 1
        ul, regular, black = (groups[w] for w in WEIGHTS)
        if not (len(ul) == len(regular) == len(black)) or any(
                len(u) != len(r) or len(b) != len(r) for u, r, b in zip(ul, regular, black)):
            counts["incompatible"] += 1
            continue
        name = template.parent.name.removesuffix(".symbolset")
        for pi, path in enumerate(regular):
            for ci, contour in enumerate(path):
                k = kind(regular, contour)
                a = [abs(area(g[pi][ci])) for g in (ul, regular, black)]
                where = f"{name} path {pi + 1} contour {ci + 1}"
                if k is None:
                    counts["neutral"] += 1
                elif k == "part":
                    counts["parts"] += 1
                    if not (a[0] < a[1] < a[2]):
                        thinning.append((where, [round(x, 2) for x in a]))
                    if a[2] < (1 - args.loss) * a[1]:
                        losing.append((where, [round(x, 2) for x in a]))
                else:
                    counts["holes"] += 1
                    if not (a[0] >= a[1] >= a[2]) or a[0] == a[2]:
                        opening.append((where, [round(x, 2) for x in a]))
    print(f"{args.catalog}: {counts['symbols']} symbols, {counts['parts']} parts, "
          f"{counts['holes']} holes, {counts['neutral']} contours bounding no ink, "
          f"{counts['incompatible']} incompatible")
    print(f"  parts not growing Ultralight < Regular < Black: {len(thinning)}")
    print(f"  parts losing {args.loss:.0%} or more at Black: {len(losing)} "
          f"(in {len({w.split(' path ')[0] for w, _ in losing})} symbols)")
    print(f"  holes not shrinking Ultralight > Regular > Black: {len(opening)}")
    for label, rows in (("not growing", thinning), ("holes", opening)):
        for where, a in rows[:15]:
            print(f"    {label}: {where}: areas {a}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(
            {"counts": counts, "notGrowing": thinning, "losing": losing, "holesNotShrinking": opening},
            indent=2) + "\n")
    sys.exit(1 if thinning or opening else 0)


main()

#!/usr/bin/env python3
"""Issue 39's check of symbol weights, part by part: in every template a `glyphsmith symbol`
run wrote, each contour of Regular-S is classified by the ink it bounds (the template paths
filled together with the nonzero rule, as the system draws them): a contour with ink just
inside it and none just outside bounds a part (its area must grow from Ultralight-S to
Regular-S to Black-S); one with ink outside and none inside bounds a hole (its area must
shrink, down to the collapsed copy of a closed hole); one with ink on both sides or neither
bounds nothing and is not counted. A hole inside a part whose region (minus the islands in
it) is less than half as thick as the ink just outside it (medians of 64 thicknesses along
each contour, straight across to the nearest edge) is a knock-out (a check mark, a digit,
letters cut out of a disc or badge; docs/symbols.md): it must grow from
Ultralight-S to Black-S instead, and the islands in it shrink. A hole within 0.05 of that
share is on the border (this script samples curves more finely than the Swift code): either
direction passes. Contours are matched by index
(the weights are compatible: same paths, same commands).

Two more checks (issue 39's trial: Bootstrap's bell-fill grew 52 % wider at Black through
spikes at its sharp corners, and its clapper merged with the body):
- ink box: each weight's ink box may differ from Regular-S's by at most the weight's offset
  x (1 + `--box-tolerance`) + 0.25 units a side, in width and in height; the offset is the
  largest among the symbol's parts of the offset that changes a contour's area as much
  (Steiner's formula: perimeter x d + pi d^2 grown, minus pi d^2 shrunk; exact for discs);
- merging: two contours with more than 0.05 units between them at Regular-S must not touch
  (come within 0.01 units, cross, or one swallow the other) at Ultralight-S or Black-S
  (contours collapsed on purpose, a closed hole's copy, are left out). Needs numpy.

The templates' path data (absolute M/L/C/Z) is read with a regular expression, on purpose
independent of the Swift code that wrote it.

With `--report R.json` (what `glyphsmith symbol --report` wrote for the catalog) the knock-out
and merging checks apply to filled symbols (method `fill`) only: a stroked symbol's weights
are its strokes at x0.32 and x2 the width, where strokes closer than the Black width meet and
segment-by-segment outlines overlap by design (docs/symbols.md); its holes are all counters.

usage: scripts/symbol-parts.py CATALOG.xcassets [--json OUT] [--loss 0.25]
                               [--box-tolerance 0.5] [--report R.json]
Prints the number of symbols, parts, holes and knock-outs, the parts that do not grow (and
those losing `--loss` or more of their Regular area at Black), the holes that do not shrink,
the knock-outs that do not grow, the symbols whose ink box grows or shrinks too much and the
contours that merge, with names; exit 1 when any is found."""
import argparse
import json
import math
import pathlib
import sys
import xml.etree.ElementTree as ET

from symbol_template_paths import NS, WEIGHTS, area, contours

try:
    import numpy as np
except ImportError:  # the merge check needs it; the others do not
    np = None

KNOCKOUT_SHARE = 0.5  # a hole under half as wide as the ink around it is a knock-out
BORDERLINE = 0.05  # within this of the share, sampling decides: either way is accepted
BOX_SLACK = 0.25  # units a side, for the 1/1000 grid and curve sampling
APART, TOUCH = 0.05, 0.01  # units: apart at Regular; touching at another weight


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


def perimeter(c):
    return sum(math.hypot(c[k][0] - c[k - 1][0], c[k][1] - c[k - 1][1]) for k in range(len(c)))


def steiner(p, change):
    """The offset d that changes the area of a convex contour of perimeter p by `change`
    (grown: P d + pi d^2; shrunk: P d - pi d^2, Steiner's formula; exact for discs)."""
    if change >= 0:
        return (-p + math.sqrt(p * p + 4 * math.pi * change)) / (2 * math.pi)
    return (p - math.sqrt(max(0.0, p * p - 4 * math.pi * -change))) / (2 * math.pi)


def median(values):
    values = sorted(values)
    if not values:
        return None
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def thicknesses(c, inside_side, edges, samples=64):
    """From `samples` points spaced evenly along contour c, along the normal into its inside
    (`inside_side`) or outside, the distance to the nearest crossing of an edge of `edges`."""
    n = len(c)
    lengths = [math.hypot(c[(k + 1) % n][0] - c[k][0], c[(k + 1) % n][1] - c[k][1]) for k in range(n)]
    total = sum(lengths)
    if n < 3 or total == 0:
        return []
    sign = (1 if inside_side else -1) * (1 if area(c) > 0 else -1)
    segments = [(e[k], e[(k + 1) % len(e)]) for e in edges for k in range(len(e))]
    if np is not None:
        sa = np.array([q[0] for q in segments])
        sb = np.array([q[1] for q in segments])
        ex, ey = sb[:, 0] - sa[:, 0], sb[:, 1] - sa[:, 1]
    out, k, walked = [], 0, 0.0
    for i in range(samples):
        target = (i + 0.5) / samples * total
        while k < n - 1 and walked + lengths[k] < target:
            walked += lengths[k]
            k += 1
        if lengths[k] == 0:
            continue
        a, b = c[k], c[(k + 1) % n]
        t = (target - walked) / lengths[k]
        p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        d = (-sign * (b[1] - a[1]) / lengths[k], sign * (b[0] - a[0]) / lengths[k])
        skip = total * 1e-7
        if np is not None:
            den = d[0] * ey - d[1] * ex
            ok = np.abs(den) > 1e-12
            den = np.where(ok, den, 1)
            wx, wy = sa[:, 0] - p[0], sa[:, 1] - p[1]
            tt = (wx * ey - wy * ex) / den
            uu = (wx * d[1] - wy * d[0]) / den
            hit = ok & (tt > skip) & (uu >= 0) & (uu <= 1)
            if hit.any():
                out.append(float(tt[hit].min()))
            continue
        best = None
        for (qa, qb) in segments:
            e = (qb[0] - qa[0], qb[1] - qa[1])
            den = d[0] * e[1] - d[1] * e[0]
            if abs(den) <= 1e-12:
                continue
            w = (qa[0] - p[0], qa[1] - p[1])
            tt = (w[0] * e[1] - w[1] * e[0]) / den
            uu = (w[0] * d[1] - w[1] * d[0]) / den
            if tt > skip and 0 <= uu <= 1:
                best = tt if best is None else min(best, tt)
        if best is not None:
            out.append(best)
    return out


def knockouts(flat, kinds):
    """Indices (into `flat`) of knock-out holes, of the islands inside them, and of the
    contours of holes whose width ratio is within BORDERLINE of the share (either kind)."""
    areas = [abs(area(c)) for c in flat]
    parents = []
    for i, c in enumerate(flat):
        probes = [c[0], c[len(c) // 3], c[2 * len(c) // 3]]
        holders = [j for j in range(len(flat)) if j != i and areas[j] > areas[i]
                   and sum(inside(flat[j], q) for q in probes) >= 2]
        parents.append(min(holders, key=lambda j: areas[j]) if holders else None)
    children = {i: [j for j, p in enumerate(parents) if p == i] for i in range(len(flat))}
    holes, islands, either = set(), set(), set()
    for h, p in enumerate(parents):
        if kinds[h] != "hole" or p is None or kinds[p] != "part" or any(
                kinds[c] != "part" for c in children[h]):
            continue
        across = thicknesses(flat[h], True, flat) + [
            x for c in children[h] for x in thicknesses(flat[c], False, flat)]
        hole, ink = median(across), median(thicknesses(flat[h], False, flat))
        if hole is None or not ink:
            continue
        ratio = hole / ink
        if abs(ratio - KNOCKOUT_SHARE) <= BORDERLINE:
            either.update([h] + children[h])
        elif ratio < KNOCKOUT_SHARE:
            holes.add(h)
            islands.update(children[h])
    return holes, islands, either


def extent(flat):
    b = [box(c) for c in flat]
    return max(q[1] for q in b) - min(q[0] for q in b), max(q[3] for q in b) - min(q[2] for q in b)


def relation(a, b):
    """'touch' when contours a and b cross or come within TOUCH, else their distance and
    whether each holds the other's first point (numpy arrays of points)."""
    def edges(c):
        return c, np.roll(c, -1, axis=0)

    def point_to_edges(points, c):
        s, e = edges(c)
        d = e - s
        length = (d * d).sum(axis=1)
        length[length == 0] = 1
        t = ((points[:, None, :] - s[None, :, :]) * d[None, :, :]).sum(axis=2) / length[None, :]
        t = np.clip(t, 0, 1)
        q = s[None, :, :] + t[:, :, None] * d[None, :, :]
        return np.sqrt(((points[:, None, :] - q) ** 2).sum(axis=2)).min()

    distance = min(point_to_edges(a, b), point_to_edges(b, a))
    (s1, e1), (s2, e2) = edges(a), edges(b)

    def orient(p, q, r):
        return ((q[..., 0] - p[..., 0]) * (r[..., 1] - p[..., 1])
                - (q[..., 1] - p[..., 1]) * (r[..., 0] - p[..., 0]))

    o1 = orient(s1[:, None], e1[:, None], s2[None, :])
    o2 = orient(s1[:, None], e1[:, None], e2[None, :])
    o3 = orient(s2[None, :], e2[None, :], s1[:, None])
    o4 = orient(s2[None, :], e2[None, :], e1[:, None])
    crossing = bool(((o1 * o2 < 0) & (o3 * o4 < 0)).any())
    if crossing or distance < TOUCH:
        return "touch"
    return (distance, inside(b.tolist(), tuple(a[0])), inside(a.tolist(), tuple(b[0])))


def merging(groups, flat_index, skip):
    """Pairs of contours apart at Regular-S that touch at Ultralight-S or Black-S."""
    flats = {w: [np.array(c) for path in groups[w] for c in path] for w in WEIGHTS}
    boxes = {w: [box(c.tolist()) for c in flats[w]] for w in WEIGHTS}
    found = []
    n = len(flat_index)
    for i in range(n):
        for j in range(i + 1, n):
            regular = None
            for w in (WEIGHTS[0], WEIGHTS[2]):
                if (w, i) in skip or (w, j) in skip:
                    continue
                a, b = boxes[w][i], boxes[w][j]
                if a[0] > b[1] + TOUCH or b[0] > a[1] + TOUCH or a[2] > b[3] + TOUCH or b[2] > a[3] + TOUCH:
                    continue  # too far apart to touch (or to hold one another)
                if regular is None:
                    regular = relation(flats[WEIGHTS[1]][i], flats[WEIGHTS[1]][j])
                if regular == "touch" or regular[0] <= APART:
                    break
                now = relation(flats[w][i], flats[w][j])
                if now == "touch" or now[1:] != regular[1:]:
                    found.append((i, j, w, round(regular[0], 2)))
                    break
    return found


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
    parser.add_argument("--box-tolerance", type=float, default=0.5)
    parser.add_argument("--report")
    args = parser.parse_args()
    methods = {}
    if args.report:
        report = json.loads(pathlib.Path(args.report).read_text())
        methods = {entry["name"]: entry["method"] for entry in report["symbols"]}
    templates = sorted(pathlib.Path(args.catalog).glob("*.symbolset/*.svg"))
    counts = {"symbols": 0, "stroked": 0, "parts": 0, "holes": 0, "knockOuts": 0,
              "borderline": 0, "neutral": 0, "incompatible": 0}
    thinning, losing, opening, marks, boxes, merges = [], [], [], [], [], []
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
        index = [(pi, ci) for pi, path in enumerate(regular) for ci in range(len(path))]
        flat = [regular[pi][ci] for pi, ci in index]
        kinds = [kind(regular, c) for c in flat]
        filled = methods.get(name, "fill") == "fill"
        if not filled:
            counts["stroked"] += 1
        holes, islands, either = knockouts(flat, kinds) if filled else (set(), set(), set())
        offsets = {WEIGHTS[0]: 0.0, WEIGHTS[2]: 0.0}
        collapsed = set()
        for n, (pi, ci) in enumerate(index):
            k = kinds[n]
            a = [abs(area(g[pi][ci])) for g in (ul, regular, black)]
            where = f"{name} path {pi + 1} contour {ci + 1}"
            for w, x in ((WEIGHTS[0], a[0]), (WEIGHTS[2], a[2])):
                if x < 0.25 * a[1]:
                    collapsed.add((w, n))
            if k is None:
                counts["neutral"] += 1
            elif n in either:
                counts["borderline"] += 1  # a knock-out or a counter: both directions pass
            elif n in holes or n in islands:
                counts["knockOuts"] += 1
                grows = n in holes  # the mark's edge moves out; its islands shrink
                if not ((a[0] < a[1] < a[2]) if grows else (a[0] > a[1] > a[2])):
                    marks.append((where, [round(x, 2) for x in a]))
            elif k == "part":
                counts["parts"] += 1
                if not (a[0] < a[1] < a[2]):
                    thinning.append((where, [round(x, 2) for x in a]))
                if a[2] < (1 - args.loss) * a[1]:
                    losing.append((where, [round(x, 2) for x in a]))
                p = perimeter(flat[n])
                if p > 0:
                    offsets[WEIGHTS[2]] = max(offsets[WEIGHTS[2]], steiner(p, a[2] - a[1]))
                    offsets[WEIGHTS[0]] = max(offsets[WEIGHTS[0]], steiner(p, a[0] - a[1]))
            else:
                counts["holes"] += 1
                if not (a[0] >= a[1] >= a[2]) or a[0] == a[2]:
                    opening.append((where, [round(x, 2) for x in a]))
        # The ink box of each weight against Regular's, a side at a time.
        rw, rh = extent(flat)
        for w, g in ((WEIGHTS[0], ul), (WEIGHTS[2], black)):
            ww, wh = extent([c for path in g for c in path])
            side = max(abs(ww - rw), abs(wh - rh)) / 2
            allowed = offsets[w] * (1 + args.box_tolerance) + BOX_SLACK
            if side > allowed:
                boxes.append((f"{name} {w}", [round(ww, 1), round(wh, 1)], [round(rw, 1), round(rh, 1)],
                              round(side, 2), round(allowed, 2)))
        if np is not None and filled:
            for i, j, w, apart in merging(groups, index, collapsed):
                (pi, ci), (pj, cj) = index[i], index[j]
                merges.append((f"{name} {w}: path {pi + 1} contour {ci + 1} and path {pj + 1} "
                               f"contour {cj + 1}", apart))
    print(f"{args.catalog}: {counts['symbols']} symbols"
          + (f" ({counts['stroked']} stroked: no knock-out or merging check)" if args.report else "")
          + f", {counts['parts']} parts, "
          f"{counts['holes']} holes, {counts['knockOuts']} knock-out contours "
          f"(and {counts['borderline']} on the border of the rule, either way accepted), "
          f"{counts['neutral']} contours bounding no ink, {counts['incompatible']} incompatible")
    print(f"  parts not growing Ultralight < Regular < Black: {len(thinning)}")
    print(f"  parts losing {args.loss:.0%} or more at Black: {len(losing)} "
          f"(in {len({w.split(' path ')[0] for w, _ in losing})} symbols)")
    print(f"  holes not shrinking Ultralight > Regular > Black: {len(opening)}")
    print(f"  knock-outs not growing (islands in them not shrinking): {len(marks)}")
    print(f"  ink boxes changing more than the offset x {1 + args.box_tolerance:g} + "
          f"{BOX_SLACK} a side: {len(boxes)} (in {len({b[0].rsplit(' ', 1)[0] for b in boxes})} symbols)")
    if np is None:
        print("  contours merging: not checked (needs numpy)")
    else:
        print(f"  contours apart at Regular touching at another weight: {len(merges)} "
              f"(in {len({m[0].split(' ')[0] for m in merges})} symbols)")
    for label, rows in (("not growing", thinning), ("holes", opening), ("knock-outs", marks)):
        for where, a in rows[:15]:
            print(f"    {label}: {where}: areas {a}")
    for where, size, regular_size, side, allowed in boxes[:15]:
        print(f"    ink box: {where}: {size[0]} x {size[1]} (Regular {regular_size[0]} x "
              f"{regular_size[1]}): {side} a side, at most {allowed}")
    for where, apart in merges[:15]:
        print(f"    merging: {where} ({apart} apart at Regular)")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(
            {"counts": counts, "notGrowing": thinning, "losing": losing, "holesNotShrinking": opening,
             "knockOutsNotGrowing": marks, "inkBoxes": boxes, "merging": merges},
            indent=2) + "\n")
    sys.exit(1 if thinning or opening or marks or boxes or merges else 0)


main()

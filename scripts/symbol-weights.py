#!/usr/bin/env python3
"""Counts for scripts/symbol-weights.sh (issue 27) from a `symbol --report` JSON, a
`validate --json` report and the written templates. The templates' path data is the M/L/C/Z
with absolute numbers that Glyphsmith writes; it is read with a regular expression, on
purpose independent of the Swift code that wrote it."""
import json, re, sys, xml.etree.ElementTree as ET

from symbol_template_paths import NS, WEIGHTS, area, contours


def template(path):
    root = ET.parse(path).getroot()
    margins = {}
    for line in root.iter(NS + "line"):
        i = line.get("id") or ""
        if i.startswith(("left-margin-", "right-margin-")):
            margins[i] = float(line.get("x1"))
    groups = {}
    for g in root.iter(NS + "g"):
        if g.get("id") in WEIGHTS:
            x = float(re.findall(r"-?[\d.]+", g.get("transform", "matrix(1 0 0 1 0 0)"))[4])
            groups[g.get("id")] = (x, [contours(p.get("d")) for p in g.iter(NS + "path")])
    return margins, groups


def main():
    name, report_path, validate_path, catalog = sys.argv[1:5]
    report = json.load(open(report_path))
    findings = json.load(open(validate_path))["findings"]
    symbols = report["symbols"]
    grows = directions = bearing_ok = holes = holes_open = compared = 0
    worst_bearing = None
    flips, tight, closed, flat = [], [], [], []
    for s in symbols:
        ink = s["measure"]["ink"]
        grows += ink[0] < ink[1] < ink[2]
        if not ink[0] < ink[1] < ink[2]:
            flat.append(s["name"])
        margins, groups = template(f"{s['symbolset']}/{s['name']}.svg")
        if set(groups) != set(WEIGHTS):
            continue
        compared += 1
        paths = [groups[w][1] for w in WEIGHTS]
        same = all(len(p) == len(paths[1]) for p in paths)
        ok = same
        for index in range(len(paths[1]) if same else 0):
            areas = [[area(c) for c in p[index]] for p in paths]
            if not all(len(a) == len(areas[1]) for a in areas):
                ok = False
                continue
            if any(a * r <= 0 for weight in (0, 2) for a, r in zip(areas[weight], areas[1])):
                ok = False
            largest = max(areas[1], key=abs, default=0)
            for a, r in zip(areas[2], areas[1]):
                if r * largest < 0:
                    holes += 1
                    if a * r > 0 and abs(a) >= 0.25 * abs(r):
                        holes_open += 1
                    else:
                        closed.append(s["name"])
        directions += ok
        if not ok:
            flips.append(s["name"])
        x, black = groups["Black-S"]
        xs = [x + px for path in black for c in path for px, _ in c]
        left = margins.get("left-margin-Black-S")
        right = margins.get("right-margin-Black-S")
        if xs and left is not None and right is not None:
            b = min(min(xs) - left, right - max(xs))
            worst_bearing = b if worst_bearing is None else min(worst_bearing, b)
            bearing_ok += b >= 2
            if b < 2:
                tight.append(s["name"])
    n = len(symbols)
    with_findings = len({f.get("asset") for f in findings})
    def pct(a, b):
        return f"{100 * a / b:.1f} %" if b else "n/a"
    print(f"{name}: {n} symbols written, {len(report['errors'])} failed")
    print(f"  ink Ultralight < Regular < Black   {grows} of {n} ({pct(grows, n)})")
    print(f"  same contour directions           {directions} of {compared} ({pct(directions, compared)})")
    print(f"  side bearing at Black >= 2 units  {bearing_ok} of {compared} ({pct(bearing_ok, compared)}); "
          f"smallest {worst_bearing if worst_bearing is None else round(worst_bearing, 2)}")
    print(f"  validate finding rate             {with_findings} of {n} symbols ({pct(with_findings, n)}), "
          f"{len(findings)} findings")
    print(f"  holes open at Black               {holes_open} of {holes} ({pct(holes_open, holes)})")
    for label, names in (("ink not growing", flat), ("direction flips", flips), ("bearing < 2", tight), ("holes closed", closed)):
        if names:
            print(f"  {label}: {', '.join(sorted(set(names))[:12])}{' ...' if len(set(names)) > 12 else ''}")
    good = grows == n and directions == compared and bearing_ok == compared and not findings
    sys.exit(0 if good and holes_open == holes else 1)


main()

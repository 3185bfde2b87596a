#!/usr/bin/env python3
"""Issue 28's corpus check of VectorDrawables: every icon of a folder (default: all of Lucide,
../shared/corpus/lucide beside the checkout) is written by `glyphsmith assets --platform android` twice, as
density PNGs and as VectorDrawables (--android-format vector); every VectorDrawable is
compiled with Debian's aapt against android-framework-res, its pathData checked against the
strict grammar, converted back to SVG (the same small converter as the Swift tests,
Sources/Glyphsmith/Android/VectorDrawableSVG.swift, here for plain paths) and drawn by resvg at mdpi..xxxhdpi;
the drawings are compared with the PNGs by `glyphsmith golden check` (the project's pixelmatch
kernel) at threshold 0.1, anti-aliasing not counted, failing over 0.5 % of the pixels.

Usage: scripts/android-vector-corpus.py [ICONS_DIR] [--tool PATH] [--out DIR] [--role R]
Prints per density the max and mean share of differing pixels and the aapt result, writes
OUT/summary.json and OUT/report.html (golden check's HTML report of the failures).
Needs: scripts/install-test-tools (aapt, android-framework-res, resvg)."""
from pathlib import Path
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

ANDROID = "{http://schemas.android.com/apk/res/android}"
DENSITIES = [("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4)]
NUMBER = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$")
PAIRS = {"M": 1, "L": 1, "C": 3, "Z": 0}


def grammar_violation(data):
    """The strict grammar of AndroidPathGrammar.swift: M L C Z, x,y pairs, plain decimals."""
    tokens = data.split(" ")
    if not tokens or tokens[0] != "M":
        return "must start with M"
    i = 0
    while i < len(tokens):
        command = tokens[i]
        if command not in PAIRS:
            return f"'{command}' is not a command"
        for k in range(PAIRS[command]):
            if i + 1 + k >= len(tokens):
                return f"{command} lacks points"
            pair = tokens[i + 1 + k].split(",")
            if len(pair) != 2:
                return f"'{tokens[i + 1 + k]}' is not x,y"
            for number in pair:
                if not NUMBER.match(number) or re.match(r"^-0(\.0*)?$", number):
                    return f"'{number}' is not a plain decimal"
        i += 1 + PAIRS[command]
    return None


def color(text):
    hexa = text[1:]
    if len(hexa) == 8:
        return "#" + hexa[2:], "%.6f" % (int(hexa[:2], 16) / 255)
    return "#" + hexa, "1"


def to_svg(xml_path):
    """VectorDrawable -> SVG (flat paths, as VectorDrawableWriter writes them)."""
    root = ET.parse(xml_path).getroot()
    a = lambda e, n: e.get(ANDROID + n)
    paths, problems = [], []
    for path in root:
        d = a(path, "pathData")
        problem = grammar_violation(d or "")
        if problem:
            problems.append(problem)
        attributes = [f'd="{d}"']
        if a(path, "fillColor"):
            rgb, alpha = color(a(path, "fillColor"))
            rule = "evenodd" if a(path, "fillType") == "evenOdd" else "nonzero"
            attributes += [f'fill="{rgb}"', f'fill-opacity="{alpha}"', f'fill-rule="{rule}"']
        else:
            attributes.append('fill="none"')
        if a(path, "strokeColor"):
            rgb, alpha = color(a(path, "strokeColor"))
            attributes += [
                f'stroke="{rgb}"', f'stroke-opacity="{alpha}"',
                f'stroke-width="{a(path, "strokeWidth") or "0"}"',
                f'stroke-linecap="{a(path, "strokeLineCap") or "butt"}"',
                f'stroke-linejoin="{a(path, "strokeLineJoin") or "miter"}"',
                f'stroke-miterlimit="{a(path, "strokeMiterLimit") or "4"}"',
            ]
        paths.append("<path " + " ".join(attributes) + "/>")
    w, h = a(root, "width")[:-2], a(root, "height")[:-2]
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {a(root, "viewportWidth")} {a(root, "viewportHeight")}">\n'
           + "\n".join(paths) + "\n</svg>\n")
    return svg, problems


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("icons", nargs="?", default=str(Path(__file__).resolve().parents[2] / "shared/corpus/lucide"))
    parser.add_argument("--tool", default=os.path.join(here, "..", ".build", "release", "glyphsmith-render"))
    parser.add_argument("--out", default="/tmp/android-vector-corpus")
    parser.add_argument("--role", default="tab-bar")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tool = args.tool if os.path.exists(args.tool) else os.path.join(here, "..", ".build", "debug", "glyphsmith-render")
    out = args.out
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    for fmt in ("png", "vector"):
        subprocess.run([tool, "assets", args.icons, "--platform", "android", "--role", args.role,
                        "--android-format", fmt, "--android-out", f"{out}/{fmt}", "-o", out,
                        "--quiet", "--jobs", str(args.jobs)], check=False)
    res = f"{out}/vector/res"
    names = sorted(n[:-4] for n in os.listdir(f"{res}/drawable") if n.endswith(".xml"))
    pngs = sorted(n[:-4] for n in os.listdir(f"{out}/png/res/drawable-mdpi"))
    with open(f"{out}/AndroidManifest.xml", "w") as f:
        f.write('<manifest xmlns:android="http://schemas.android.com/apk/res/android" '
                'package="com.example.corpus"><uses-sdk android:minSdkVersion="21"/></manifest>\n')
    aapt = subprocess.run(["aapt", "package", "-f", "-M", f"{out}/AndroidManifest.xml", "-S", res,
                           "-I", "/usr/share/android-framework-res/framework-res.apk",
                           "-F", f"{out}/out.apk"], capture_output=True, text=True)
    grammar = {}
    os.makedirs(f"{out}/svg")
    sources = {}
    for root_dir, _, files in os.walk(args.icons):
        for file in files:
            if file.endswith(".svg"):
                key = re.sub(r"[^a-z0-9_]", "_", file[:-4].lower())
                sources[key if re.match(r"^[a-z]", key) else "ic_" + key] = os.path.join(root_dir, file)

    def back(name):
        svg, problems = to_svg(f"{res}/drawable/{name}.xml")
        if problems:
            grammar[name] = problems[0]
        path = f"{out}/svg/{name}.svg"
        with open(path, "w") as f:
            f.write(svg)
        for density, scale in DENSITIES:
            side = round(24 * scale)
            folder = f"{out}/back/drawable-{density}"
            os.makedirs(folder, exist_ok=True)
            subprocess.run(["resvg", "-w", str(side), "-h", str(side), path,
                            f"{folder}/{name}.png"], check=True, capture_output=True)
            # The source SVG drawn by resvg too: what differs between the two renderers alone.
            source = f"{out}/source/drawable-{density}"
            os.makedirs(source, exist_ok=True)
            # Java keywords get ic_ too (AndroidDrawables.resourceName: import -> ic_import).
            source_svg = sources.get(name) or sources[name[3:]]
            subprocess.run(["resvg", "-w", str(side), "-h", str(side), source_svg,
                            f"{source}/{name}.png"], check=True, capture_output=True)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(back, names))
    golden = f"{out}/png/res"
    for density, _ in DENSITIES:  # only the inputs written as VectorDrawables are compared
        for name in set(pngs) - set(names):
            os.remove(f"{golden}/drawable-{density}/{name}.png")
    check = subprocess.run([tool, "golden", "check", f"{out}/back", golden, "--json",
                            "--threshold", "0.1", "--no-include-aa", "--fail-over", "0.5%",
                            "--report", f"{out}/report.html"], capture_output=True, text=True)
    results = json.loads(check.stdout)["results"]
    # The same at threshold 0.1 with anti-aliased pixels counted, to show how close it is.
    strict = subprocess.run([tool, "golden", "check", f"{out}/back", golden, "--json",
                             "--threshold", "0.1", "--include-aa", "--fail-over", "100%"],
                            capture_output=True, text=True)
    with_aa = {r["path"]: r.get("mismatchedPixels", 0) / max(r.get("totalPixels", 1), 1)
               for r in json.loads(strict.stdout)["results"]}
    shares = {d: [] for d, _ in DENSITIES}
    for r in results:
        density = r["path"].split("/")[0].replace("drawable-", "")
        total = r.get("totalPixels") or 1
        shares[density].append((r.get("mismatchedPixels", 0) / total, r["path"]))
    # The VectorDrawable against its own source, both drawn by resvg: the conversion alone.
    own = subprocess.run([tool, "golden", "check", f"{out}/back", f"{out}/source", "--json",
                          "--threshold", "0.1", "--no-include-aa", "--fail-over", "100%"],
                         capture_output=True, text=True)
    own_shares = [r.get("mismatchedPixels", 0) / max(r.get("totalPixels", 1), 1)
                  for r in json.loads(own.stdout)["results"]]
    summary = {
        "againstSourceByResvg": {"compared": len(own_shares), "maxShare": max(own_shares, default=0),
                                 "meanShare": sum(own_shares) / max(len(own_shares), 1)},
        "failures": [r["path"] + ": " + r.get("message", "") for r in results
                     if r.get("status") != "passed"],
        "icons": len(pngs), "vectorDrawables": len(names),
        "notWritten": sorted(set(pngs) - set(names)),
        "aapt": {"status": aapt.returncode, "output": (aapt.stdout + aapt.stderr).strip()[-2000:]},
        "grammarViolations": grammar,
        "goldenCheck": {k: v for k, v in json.loads(check.stdout).items() if k != "results"},
        "densities": {},
    }
    for density, values in shares.items():
        values.sort()
        mean = sum(v for v, _ in values) / max(len(values), 1)
        summary["densities"][density] = {
            "compared": len(values), "maxShare": values[-1][0] if values else 0,
            "maxIcon": values[-1][1] if values else None, "meanShare": mean,
            "over0.5%": sum(1 for v, _ in values if v > 0.005),
            "withAntiAliasing": {
                "maxShare": max((with_aa[p] for _, p in values), default=0),
                "meanShare": sum(with_aa[p] for _, p in values) / max(len(values), 1),
            },
        }
        print(f"{density:8} {len(values)} compared: max {values[-1][0] * 100:.3f} % "
              f"({values[-1][1]}), mean {mean * 100:.4f} %, over 0.5 %: "
              f"{summary['densities'][density]['over0.5%']}; anti-aliasing counted: max "
              f"{summary['densities'][density]['withAntiAliasing']['maxShare'] * 100:.3f} %, mean "
              f"{summary['densities'][density]['withAntiAliasing']['meanShare'] * 100:.3f} %")
    print("against the source SVG, both drawn by resvg: max "
          f"{summary['againstSourceByResvg']['maxShare'] * 100:.3f} %, mean "
          f"{summary['againstSourceByResvg']['meanShare'] * 100:.4f} %")
    for failure in summary["failures"]:
        print("over 0.5 %: " + failure)
    print(f"aapt package of {len(names)} VectorDrawables: exit {aapt.returncode}")
    print(f"pathData grammar violations: {len(grammar)}; not written as VectorDrawables: "
          f"{len(summary['notWritten'])}")
    with open(f"{out}/summary.json", "w") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
    return 0 if aapt.returncode == 0 and not grammar and check.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

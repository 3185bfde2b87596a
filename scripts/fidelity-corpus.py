#!/usr/bin/env python3
"""Issue 38's corpus check of the fidelity rewrites (docs/render.md, "What Glyphsmith draws
differently from librsvg 2.54"): every icon of each folder is rendered by two builds of
glyphsmith-render (`render` at @1x and @3x: its own colours and canvas, nothing fitted), and
every PNG is compared byte for byte. Each icon whose PNGs differ is listed with the pixels that
differ and the rewrites whose trigger its SVG holds (found here independently of the Swift
code, from the same rules; a "?" marks a trigger read loosely); a changed icon with no trigger
is a regression and makes the exit code 1.

Usage: scripts/fidelity-corpus.py OLD_BINARY NEW_BINARY [FOLDER...] [--out DIR] [--jobs N]
Default folders: ../shared/corpus/lucide and every ../shared/corpus/heroicons* beside the
checkout, and the sample icons in assets/ (assets/icons, assets/system-glyphs).
Prints one line per changed icon (pixels that differ, or which build failed) and a summary
per folder; writes OUT/summary.json."""
from pathlib import Path
import argparse
import concurrent.futures
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

HERE = Path(__file__).resolve().parent.parent


def decode_png(path):
    """(width, height, list of RGBA tuples) of an 8-bit RGBA or RGB PNG, not interlaced."""
    data = Path(path).read_bytes()
    position, idat, width, height, channels = 8, b"", 0, 0, 4
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (path, depth, colour)
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    out = bytearray()
    i = 0
    for _ in range(height):
        kind = raw[i]
        i += 1
        line = bytearray(raw[i:i + stride])
        i += stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        previous = line
    pixels = [tuple(out[j:j + channels]) for j in range(0, len(out), channels)]
    return width, height, pixels


def differing_pixels(a, b):
    wa, ha, pa = decode_png(a)
    wb, hb, pb = decode_png(b)
    if (wa, ha) != (wb, hb):
        return max(wa * ha, wb * hb)
    return sum(1 for x, y in zip(pa, pb) if x != y)


# MARK: - Triggers (the rules of docs/render.md, read from the SVG's elements)

NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
LENGTH = re.compile(r"^\s*" + NUMBER + r"(?:px|pt|pc|in|cm|mm|em|ex|%)?\s*$", re.I)
UNITS = {"userSpaceOnUse", "objectBoundingBox"}
TRANSFORM = re.compile(
    r"^\s*(?:(?:matrix|translate|scale|rotate|skewX|skewY)\s*\(\s*(?:" + NUMBER
    + r"\s*,?\s*)*\)\s*,?\s*)*$")


CLIPPING = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use"}


def local(tag):
    return tag.rsplit("}", 1)[-1]


def triggers(svg_path):
    """The names of the rewrites whose trigger the document holds."""
    try:
        root = ET.parse(svg_path).getroot()
    except ET.ParseError:
        return {"unparsable"}
    found = set()
    for element in root.iter():
        name = local(element.tag)
        attributes = {local(k): v for k, v in element.attrib.items() if not k.startswith("{")}
        for key, value in attributes.items():
            if key in ("x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "fr", "rx", "ry",
                       "x", "y", "width", "height") \
                    and name in ("linearGradient", "radialGradient", "rect", "circle",
                                 "ellipse", "line", "pattern", "mask") \
                    and value.strip() != "auto" and not LENGTH.match(value):
                found.add("invalid-value")
            if key.endswith("Units") and value.strip() not in UNITS:
                found.add("invalid-value")
            if key in ("gradientTransform", "patternTransform", "transform") \
                    and name in ("linearGradient", "radialGradient", "pattern", "clipPath",
                                 "mask") and not TRANSFORM.match(value):
                found.add("invalid-value")
            if key == "spreadMethod" and value.strip() not in ("pad", "reflect", "repeat"):
                found.add("invalid-value")
            if key == "stroke-miterlimit":
                try:
                    if float(value) < 1:
                        found.add("invalid-value")
                except ValueError:
                    found.add("invalid-value")
        if "miterlimit" in attributes.get("style", ""):
            found.add("invalid-value?")
        if name == "rect" and any(attributes.get(k, "").strip().startswith("-") for k in ("rx", "ry")):
            found.add("invalid-value")
        if name == "stop" and "offset" in attributes and \
                not re.match(r"^\s*" + NUMBER + r"%?\s*$", attributes["offset"]):
            found.add("invalid-value")
        if name in ("polygon", "polyline"):
            text = attributes.get("points", "")
            tokens = re.findall(NUMBER, text)
            rest = re.sub(NUMBER, " ", text).replace(",", " ").strip()
            if rest or len(tokens) % 2 == 1 or text.strip().endswith(","):
                found.add("point-list")
        if name == "radialGradient" and "r" in attributes and \
                re.match(r"^\s*[+-]?0*\.?0*(?:[a-z%]*)\s*$", attributes["r"], re.I):
            found.add("degenerate-gradient")
        if name == "linearGradient" and attributes.get("x1", "0") == attributes.get("x2", "100%") \
                and attributes.get("y1", "0") == attributes.get("y2", "0"):
            found.add("degenerate-gradient")
        if name == "clipPath" and "transform" in attributes:
            found.add("clip-transform?")
            if attributes.get("clipPathUnits", "").strip() == "objectBoundingBox":
                found.add("clip-box-transform")
        if name == "mask" and ("transform" in attributes
                               or "transform" in attributes.get("style", "")):
            found.add("mask-transform")
        if name == "style" and attributes.get("type", "") not in ("",) \
                and attributes["type"].lower() != "text/css":
            found.add("style-type")
        if name == "style" and attributes.get("media", "").strip() \
                and "screen" not in attributes["media"].lower() \
                and "all" not in attributes["media"].lower():
            found.add("style-media?")
        if re.search(r"(^|;)\s*transform\s*:", attributes.get("style", "")):
            found.add("css-transform")
        if name == "clipPath" and sum(
                1 for child in element if local(child.tag) in CLIPPING) > 1:
            found.add("clip-path")
        if "non-scaling-stroke" in (attributes.get("vector-effect", "")
                                    + attributes.get("style", "")
                                    + (element.text or "" if name == "style" else "")):
            found.add("non-scaling-stroke")
        if name == "use" and any(local(e.tag) == "symbol" for e in root.iter()):
            found.add("use-symbol?")
        own_id = attributes.get("id")
        if own_id:
            for inner in element.iter():
                values = " ".join(v for k, v in inner.attrib.items())
                if f"url(#{own_id})" in values.replace(" ", "") or (
                        local(inner.tag) == "use" and inner is not element
                        and any(v == f"#{own_id}" for k, v in inner.attrib.items()
                                if local(k) == "href")):
                    found.add("reference-cycle?")
    return found


# MARK: - Runs

SCALES = (1, 3)


def render(binary, icon, out):
    """`icon` drawn at each of SCALES (`render`: its own colours and canvas, nothing fitted)
    into `out`; returns (exit codes, stderr) with the folder written OUT."""
    codes, errors = [], []
    for scale in SCALES:
        target = out / f"{icon.stem}@{scale}x.png"
        result = subprocess.run(
            [binary, "render", str(icon), "-o", str(target), "--scale", str(scale)],
            capture_output=True, text=True)
        codes.append(result.returncode)
        errors.append(result.stderr.replace(str(out), "OUT"))
    return codes, errors


def compare(job):
    """One icon through both binaries: (icon, [(file, pixels)], old run, new run)."""
    icon, work, old, new = job
    runs = {}
    for which, binary in (("old", old), ("new", new)):
        runs[which] = render(binary, icon, work / which)
    files = []
    for scale in SCALES:
        name = f"{icon.stem}@{scale}x.png"
        a, b = work / "old" / name, work / "new" / name
        if a.exists() and b.exists() and a.read_bytes() == b.read_bytes():
            continue
        if not a.exists() and not b.exists():
            continue
        pixels = differing_pixels(a, b) if a.exists() and b.exists() else None
        files.append((name, pixels))
    return icon, files, runs["old"], runs["new"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("folders", nargs="*")
    parser.add_argument("--out", default=None)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    folders = [Path(f) for f in options.folders]
    if not folders:
        corpus = HERE.parent / "shared" / "corpus"
        folders = [corpus / "lucide"] + sorted(corpus.glob("heroicons*"))
        folders += [HERE / "assets" / "icons", HERE / "assets" / "system-glyphs"]
    out = Path(options.out or tempfile.mkdtemp(prefix="fidelity-corpus."))
    summary = {"folders": [], "changed": []}
    regressions = 0
    for folder in folders:
        if not folder.is_dir():
            print(f"fidelity-corpus: {folder}: not a folder", file=sys.stderr)
            return 2
        icons = sorted(folder.glob("*.svg"))
        work = out / folder.name
        shutil.rmtree(work, ignore_errors=True)
        (work / "old").mkdir(parents=True)
        (work / "new").mkdir(parents=True)
        jobs = [(icon, work, options.old, options.new) for icon in icons]
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            results = list(pool.map(compare, jobs))
        changed = 0
        identical = 0
        other_stderr = []
        for icon, files, old_run, new_run in results:
            identical += len(SCALES) - len(files)
            if old_run != new_run and not files:
                other_stderr.append(icon.name)
            if not files and old_run == new_run:
                continue
            changed += 1
            rules = sorted(triggers(icon))
            if not rules:
                regressions += 1
            if any(p is None for _, p in files):
                what = ("old failed: " + " ".join(e.strip() for e in old_run[1] if e.strip())
                        if any(old_run[0]) else
                        "new failed: " + " ".join(e.strip() for e in new_run[1] if e.strip()))
            else:
                what = f"{sum(p for _, p in files)} px differ"
            print(f"CHANGED {folder.name}/{icon.name}: {what} "
                  f"(@{'x, @'.join(str(s) for s in SCALES)}x); "
                  f"rule: {', '.join(rules) or 'NONE (regression)'}")
            summary["changed"].append(
                {"folder": folder.name, "icon": icon.name, "what": what, "rules": rules,
                 "files": files})
        print(f"{folder}: {len(icons)} icons, {len(icons) * len(SCALES)} PNGs "
              f"(@{'x, @'.join(str(s) for s in SCALES)}x), {changed} icons changed, "
              f"{identical} PNGs byte-identical")
        summary["folders"].append(
            {"folder": str(folder), "icons": len(icons), "changed": changed,
             "identicalPNGs": identical})
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"work in {out}")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())

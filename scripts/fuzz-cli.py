#!/usr/bin/env python3
"""scripts/fuzz-cli.py: the CLI mutation loop of scripts/fuzz.

Mutates the seed files (byte flips, insertions of SVG tokens and huge numbers, splices of two
seeds, PNG header edits; and, for issue 23, what librsvg reads differently from the bytes: DTD
internal subsets with ATTLIST defaults and ENTITY declarations, CSS escapes in style text,
UTF-16/UTF-32 re-encoding, data: URIs holding PNG, JPEG and GIF headers and nested SVGs; and,
for issue 33, declared encodings (UTF-7, EBCDIC, Shift_JIS, ISO-8859-1, windows-1252), CSS
comments and character references in values, reference chains and filter fan-outs up to 1,500
long, feConvolveMatrix orders, gzip-compressed data: SVG (cut short too), PNG zlib streams that
inflate past their header or stop early, and every fifth batch a glyphsmith.json with
duplicate keys, trailing commas, null, a NUL, deep nesting or many `**` globs, planned by
`build --plan --json`) into
batches of 40 inputs, runs `glyphsmith assets BATCH -o OUT
--role plain --size 24 --scales 1,2 --json --quiet` on each and flags: a signal or an exit code
other than 0, 1, 2; a batch over 60 s; an input that is neither written nor failed with a
message naming it; an input the renderer crashed on, ran out of time or memory with (isolated,
but still a bug to fix at its cause). Flagged inputs are copied to FINDINGS.
"""
import argparse
import base64
import json
import os
import random
import shutil
import struct
import subprocess
import tempfile
import zlib
import time
from pathlib import Path

TOKENS = [b"<text y='9' font-size='1e9'>W</text>", b"<use href='#a'/>", b" id='a'",
          b"<g id='a'><use href='#a'/></g>", b"1e19", b"1e38", b"-1e308", b"NaN", b"\xf2",
          b"<feTurbulence numOctaves='99999'/>", b"style='font:9e9px serif'", b"href",
          b"url(/etc/passwd)", b"<!DOCTYPE svg SYSTEM 'x.dtd'>", b"transform='scale(1e30)'",
          b"stroke-width='1e30'", b"<image href='data:image/svg+xml,%3Csvg/%3E'/>",
          b"<filter id='f'><feGaussianBlur stdDeviation='1e9'/></filter>", b"filter='url(#f)'",
          b"viewBox='0 0 0 0'", b"width='0'", b"em", b"%", b"<![CDATA[", b"]]>", b"&#0;"]


# Attribute names and values a DTD default or an entity may carry past the byte-level checks.
ATTLISTS = [(b"text", b"font-size", [b"1e9", b"9e6px", b"400em", b"1e38"]),
            (b"feTurbulence", b"numOctaves", [b"99999", b"1e9"]),
            (b"path", b"stroke-width", [b"1e19", b"1e6"]),
            (b"polyline", b"stroke-dasharray", [b"0.01", b"1e-9"]),
            (b"svg", b"width", [b"1e19mm", b"99999"]),
            (b"image", b"href", [b"data:image/png;base64,AAAA"])]


def png_header(width, height, colour=6):
    """A PNG signature and IHDR saying WIDTH x HEIGHT (8-bit), one tiny IDAT, IEND."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + chunk(b"IEND", b""))


def jpeg_header(width, height):
    """SOI, a baseline SOF0 frame header saying WIDTH x HEIGHT, 3 components, EOI."""
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + b"\x01\x11\x00" * 3
    return b"\xff\xd8" + sof + b"\xff\xd9"


def gif_header(width, height):
    """GIF89a logical screen WIDTH x HEIGHT, one image descriptor of that size, no data."""
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0, 0, 0)
            + b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0) + b"\x02\x02\x44\x01\x00;")


def data_image(rng):
    """An <image> whose data: URI holds a raster header of a random (often huge) size."""
    side = rng.choice([1, 24, 4096, 4097, 20000, 65535, 1 << 30])
    other = rng.choice([1, 24, 4096, 65535])
    kind = rng.randrange(4)
    if kind == 0:
        mime, body = b"image/png", png_header(side, other)
    elif kind == 1:
        mime, body = b"image/jpeg", jpeg_header(min(side, 65535), other)
    elif kind == 2:
        mime, body = b"image/gif", gif_header(min(side, 65535), other)
    else:
        inner = rng.choice([b"<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24'>"
                            b"<text y='20' font-size='1e9'>W</text></svg>",
                            b"<svg xmlns='http://www.w3.org/2000/svg'><filter id='f'>"
                            b"<feTurbulence numOctaves='99999'/></filter>"
                            b"<rect width='9' height='9' filter='url(#f)'/></svg>"])
        mime, body = b"image/svg+xml", inner
    return (b"<image width='24' height='24' href='data:" + mime + b";base64,"
            + base64.b64encode(body) + b"'/>")


def internal_subset(rng, data):
    """Prepends (after any XML declaration) a DOCTYPE with ATTLIST defaults and entities; some
    attribute values in the body become entity references."""
    decls = []
    for _ in range(rng.randint(1, 3)):
        element, name, values = rng.choice(ATTLISTS)
        decls.append(b"<!ATTLIST " + element + b" " + name + b" CDATA '" + rng.choice(values)
                     + b"'>")
    value = rng.choice([v for _, _, vs in ATTLISTS for v in vs])
    decls.append(b"<!ENTITY v '" + value + b"'>")
    decls.append(b"<!ENTITY t '" + b"W" * rng.choice([10, 5000]) + b"'>")
    decls.append(b"<!ENTITY u '<use href=\"#a\"/><use href=\"#a\"/>'>")
    decls.append(b"<!ENTITY w '&u;&u;&u;&u;&u;&u;&u;&u;&u;&u;'>")
    rng.shuffle(decls)
    doctype = b"<!DOCTYPE svg [" + b"".join(decls) + b"]>"
    at = data.find(b"?>") + 2 if data.startswith(b"<?xml") else 0
    data = data[:at] + doctype + data[at:]
    # Some quoted values become &v;, some content &t; or &w;.
    for _ in range(rng.randint(0, 3)):
        q = data.find(b'="', rng.randrange(len(data) + 1))
        if q < 0:
            break
        end = data.find(b'"', q + 2)
        if end > 0:
            data = data[:q + 2] + b"&v;" + data[end:]
    close = data.rfind(b"</svg>")
    if close > 0:
        data = data[:close] + rng.choice([b"&t;", b"&w;", b"<text>&t;</text>"]) + data[close:]
    return data


def css_escape(rng, data):
    """Writes some letters and digits inside style text as CSS escapes (\\31 or \\1, with or
    without the space that ends a hex escape)."""
    for marker in (b"style='", b'style="', b"<style>"):
        start = data.find(marker)
        if start < 0:
            continue
        start += len(marker)
        end = min(len(data), start + 80)
        out = bytearray(data[:start])
        for b in data[start:end]:
            if chr(b).isalnum() and rng.random() < 0.4:
                out += b"\\" + (b"%x " % b if rng.random() < 0.7 else bytes([b]))
            else:
                out.append(b)
        return bytes(out) + data[end:]
    return data + b"<style>text{font-size:\\31 e9}</style>"


def reencode(rng, data):
    """The document in UTF-16 or UTF-32 (either byte order), with a BOM or a declaration."""
    text = data.decode("utf-8", "replace")
    codec = rng.choice(["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
    if text.startswith("<?xml"):
        text = text[text.find("?>") + 2:]
    label = codec[:6].upper()
    bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff",
           "utf-32-le": b"\xff\xfe\0\0", "utf-32-be": b"\0\0\xfe\xff"}[codec]
    body = ('<?xml version="1.0" encoding="%s"?>' % label + text).encode(codec)
    return (bom + body) if rng.random() < 0.7 else body


# Issue 33: the families the canonical read and the reference bounds close.
def declared_encoding(rng, data):
    """The document declared (and, where Python can, encoded) in an encoding the canonical
    read accepts (ISO-8859-1, windows-1252) or must refuse by name (UTF-7, EBCDIC cp037,
    Shift_JIS)."""
    text = data.decode("utf-8", "replace")
    if text.startswith("<?xml"):
        text = text[text.find("?>") + 2:]
    codec, label = rng.choice([("utf-7", "UTF-7"), ("cp037", "IBM037"), ("latin-1", "ISO-8859-1"),
                               ("cp1252", "windows-1252"), ("shift_jis", "Shift_JIS")])
    head = '<?xml version="1.0" encoding="%s"?>' % label
    try:
        return (head + text).encode(codec, "replace")
    except LookupError:
        return head.encode() + data


def css_hidden(rng, data):
    """CSS comments, escapes and character references inside attribute values and style text:
    where the checks read a number, librsvg's CSS parser reads the same one."""
    out = bytearray()
    inside = False
    for b in data:
        if b in b"\"'":
            inside = not inside
        if inside and rng.random() < 0.08:
            out += rng.choice([b"/**/", b"/* x */", b" ", b"\n"])
        if inside and 0x30 <= b <= 0x39 and rng.random() < 0.2:
            out += b"&#%d;" % b if rng.random() < 0.5 else b"&#x%x;" % b
            continue
        out.append(b)
    extra = rng.choice([b"<text y='9' style='font-size/**/:1e9px'>W</text>",
                        b"<path d='M0 0L9 9' stroke='#000' stroke-width='/**/1e12'/>",
                        b"<path d='M0 0L9 9' stroke='#000' stroke-width='&#49;e12'/>",
                        b"<style>text{font-size:/**/\\31 e9}</style><text>W</text>"])
    close = out.rfind(b"</svg>")
    at = close if close > 0 else len(out)
    out[at:at] = extra
    return bytes(out)


def reference_chain(rng):
    """A chain (or a fan-out) of references of one kind, up to 1,500 long."""
    n = rng.choice([10, 40, 300, 1000, 1500])
    kind = rng.randrange(6)
    rect = "<rect width='24' height='24' fill='#fff'"
    if kind == 0:
        body = "<g id='u0'>%s/></g>" % rect + "".join(
            "<g id='u%d'><use href='#u%d'/></g>" % (i, i - 1) for i in range(1, n))
        use = "<use href='#u%d'/>" % (n - 1)
    elif kind == 1:
        body = "<mask id='m0'>%s/></mask>" % rect + "".join(
            "<mask id='m%d'>%s mask='url(#m%d)'/></mask>" % (i, rect, i - 1) for i in range(1, n))
        use = "<rect width='24' height='24' mask='url(#m%d)'/>" % (n - 1)
    elif kind == 2:
        body = "<linearGradient id='g0'><stop offset='1' stop-color='red'/></linearGradient>" + "".join(
            "<linearGradient id='g%d' href='#g%d'/>" % (i, i - 1) for i in range(1, n))
        use = "<rect width='24' height='24' fill='url(#g%d)'/>" % (n - 1)
    elif kind == 3:
        body = "".join("<filter id='f%d'><feTurbulence baseFrequency='0.1' numOctaves='4'/>"
                       "</filter>" % i for i in range(n))
        use = "".join("<rect width='24' height='24' filter='url(#f%d)'/>" % i for i in range(n))
    elif kind == 4:
        body = ("<filter id='f'><feTurbulence baseFrequency='0.1'/></filter><marker id='k' "
                "markerWidth='4' markerHeight='4'><rect width='4' height='4' filter='url(#f)'/>"
                "</marker>")
        use = "<path d='M0 0 %s' stroke='#000' marker-mid='url(#k)'/>" % " ".join(
            "L%d %d" % (i % 24, i // 100) for i in range(n))
    else:
        order = rng.choice([3, 9, 12, 25, 30])
        body = "<filter id='f'><feConvolveMatrix order='%d' kernelMatrix='%s'/></filter>" % (
            order, " ".join(["1"] * order * order))
        use = "<rect width='24' height='24' filter='url(#f)'/>"
    return ("<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24'><defs>%s</defs>%s"
            "</svg>" % (body, use)).encode()


def gzip_data_image(rng, data):
    """A nested SVG (with a hostile font size) gzip-compressed in a data: URL, sometimes cut
    short; or the whole document gzip-compressed."""
    inner = b"<svg xmlns='http://www.w3.org/2000/svg'><text font-size='1e9'>W</text></svg>"
    whole = zlib.compress(inner)  # zlib framing, not gzip: not SVG to anything
    stream = _gzip(inner)
    if rng.random() < 0.3:
        stream = stream[:rng.randrange(len(stream))]
    if rng.random() < 0.2:
        return _gzip(data)
    tag = b"<image width='24' height='24' href='data:image/svg+xml;base64,%s'/>" % (
        base64.b64encode(rng.choice([stream, whole])))
    close = data.rfind(b"</svg>")
    at = close if close > 0 else len(data)
    return data[:at] + tag + data[at:]


def _gzip(data):
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()


def png_stream(rng):
    """A PNG whose zlib stream inflates far past what its header needs, is cut short, or whose
    header announces a size its data does not hold."""
    width, height = rng.choice([(1, 1), (64, 64), (4096, 4096), (1, 100000)])
    raw = b"\0" * rng.choice([5, 1 << 20, 64 << 20])
    body = zlib.compress(raw, 9)
    if rng.random() < 0.3:
        body = body[:rng.randrange(1, len(body))]
    def chunk(kind, payload):
        return (struct.pack(">I", len(payload)) + kind + payload
                + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def project_file(rng):
    """A glyphsmith.json with what strict JSON refuses (duplicates, trailing commas, null, a
    NUL), deep nesting or globs of many `**`."""
    rules = ", ".join('{"match": "%s*.svg", "original": true}' % ("**/" * rng.randrange(12))
                      for _ in range(rng.randrange(1, 4)))
    base = ('{"version": 1, "icons": "icons", "ios": {"catalog": "App/I.xcassets"}, '
            '"rules": [%s]' % rules)
    tail = rng.choice(['}', ', "ios": {"catalog": "B.xcassets"}}', ', "defaults": {"role": null}}',
                       ', "defaults": {"role": "plain",}}', ', "x": %s}' % ("[" * 5000 + "]" * 5000),
                       '}' + " " * rng.choice([0, 2 << 20])])
    text = base + tail
    if rng.random() < 0.2:
        text = text.replace('"icons"', '"ic\\u0000ons"', 1)
    return text.encode()


def mutate(rng, seeds):
    data = bytearray(rng.choice(seeds))
    if rng.random() < 0.3:
        kind = rng.randrange(5)
        if kind == 0:
            return reference_chain(rng)
        if kind == 1:
            return png_stream(rng)
        if data[:4] != b"\x89PNG":
            if kind == 2:
                return declared_encoding(rng, bytes(data[:200_000]))
            if kind == 3:
                return css_hidden(rng, bytes(data[:200_000]))
            return gzip_data_image(rng, bytes(data[:200_000]))
    if data[:4] != b"\x89PNG" and rng.random() < 0.5:
        # Issue 23: what librsvg reads differently from the bytes.
        kind = rng.randrange(4)
        if kind == 0:
            data = bytearray(internal_subset(rng, bytes(data)))
        elif kind == 1:
            data = bytearray(css_escape(rng, bytes(data)))
        elif kind == 2:
            close = data.rfind(b"</svg>")
            at = close if close > 0 else len(data)
            data[at:at] = data_image(rng)
        if rng.random() < 0.2 or kind == 3:
            return reencode(rng, bytes(data[:200_000]))
        if rng.random() < 0.5:
            return bytes(data[:200_000])
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
    # A private copy of the executables (the front runs glyphsmith-render from its own
    # folder), so that rebuilding while this runs is harmless.
    private = Path(tempfile.mkdtemp(prefix="glyphsmith-fuzz-bin-")) / "glyphsmith"
    shutil.copy2(args.glyphsmith, private)
    shutil.copy2(Path(args.glyphsmith).parent / "glyphsmith-render", private.parent)
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
            if batches % 5 == 0:
                # Issue 33: glyphsmith.json's structure, planned by `build --plan --json`.
                project = work / "project"
                shutil.copytree(src, project / "icons")
                (project / "glyphsmith.json").write_bytes(project_file(rng))
                try:
                    plan = subprocess.run([args.glyphsmith, "build", "--plan", "--json"],
                                          cwd=project, capture_output=True, timeout=60, env=env)
                    if plan.returncode not in (0, 1, 2):
                        flagged += 1
                        flag(findings, {"glyphsmith.json": (project / "glyphsmith.json").read_bytes()},
                             f"build exit {plan.returncode}", ["glyphsmith.json"])
                except subprocess.TimeoutExpired:
                    flagged += 1
                    flag(findings, {"glyphsmith.json": (project / "glyphsmith.json").read_bytes()},
                         "build-timeout", ["glyphsmith.json"])
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

#!/usr/bin/env python3
"""Writes the PNG decoding fixtures of GlyphsmithRenderTests with Python's zlib.

Each file has a known pixel content so the tests can assert exact decoded values:
  palette-trns.png  2x2 palette: index 0 transparent (tRNS 0), 1 red, 2 green, 3 blue 50 % alpha
  gray.png          2x1 grey 8-bit: 0, 200
  gray-alpha.png    2x1 grey+alpha 8-bit: (10, 0), (200, 128)
  gray-2bit.png     4x1 grey 2-bit: 0, 1, 2, 3 (-> 0, 85, 170, 255)
  rgb16.png         2x1 RGB 16-bit: (0x8080, 0x01C0, 0xFFFF), (0x0000, 0x7F7F, 0x80FF)
  rgba16.png        1x1 RGBA 16-bit: (0xFFFF, 0x0000, 0x01C0, 0x8080)
  gamma-rgb.png     1x1 RGB with gAMA 1.0 and sRGB chunks: (100, 150, 200)
  interlaced.png    8x8 RGBA Adam7 interlaced: pixel (x, y) = (x*32, y*32, 7, 255)
Run from the package root: python3 scripts/make-png-fixtures.py
"""
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "Tests/GlyphsmithRenderTests/Fixtures"


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, depth, colour, rows, extra=b"", interlace=0, raw=None):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    data = raw if raw is not None else b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b""))


def adam7(width, height, pixel):
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    out = b""
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        for y in range(y0, height, dy):
            if len(xs):
                out += b"\x00" + b"".join(pixel(x, y) for x in xs)
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    plte = chunk(b"PLTE", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]))
    trns = chunk(b"tRNS", bytes([0, 255, 255, 128]))
    files = {
        "palette-trns.png": png(2, 2, 8, 3, [bytes([0, 1]), bytes([2, 3])], plte + trns),
        "gray.png": png(2, 1, 8, 0, [bytes([0, 200])]),
        "gray-alpha.png": png(2, 1, 8, 4, [bytes([10, 0, 200, 128])]),
        "gray-2bit.png": png(4, 1, 2, 0, [bytes([0b00011011])]),
        "rgb16.png": png(2, 1, 16, 2, [struct.pack(">6H", 0x8080, 0x01C0, 0xFFFF, 0, 0x7F7F, 0x80FF)]),
        "rgba16.png": png(1, 1, 16, 6, [struct.pack(">4H", 0xFFFF, 0, 0x01C0, 0x8080)]),
        "gamma-rgb.png": png(1, 1, 8, 2, [bytes([100, 150, 200])],
                             chunk(b"gAMA", struct.pack(">I", 100000)) + chunk(b"sRGB", b"\x00")),
        "interlaced.png": png(8, 8, 8, 6, None, interlace=1,
                              raw=adam7(8, 8, lambda x, y: bytes([x * 32, y * 32, 7, 255]))),
    }
    for name, data in files.items():
        (OUT / name).write_bytes(data)
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()

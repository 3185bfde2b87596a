"""The path data of Custom Symbol templates as Glyphsmith writes them (absolute M/L/C/Q/Z),
read with a regular expression, on purpose independent of the Swift code that wrote it: shared
by scripts/symbol-weights.py (issue 27) and scripts/symbol-parts.py (issue 39)."""
import re

NS = "{http://www.w3.org/2000/svg}"
WEIGHTS = ["Ultralight-S", "Regular-S", "Black-S"]
TOKEN = re.compile(r"[MLCQZ]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")


def contours(d):
    """The subpaths of `d` as closed point lists, curves sampled at 16 steps."""
    tokens = TOKEN.findall(d)
    out, pts, cur, start, i, cmd = [], [], (0.0, 0.0), (0.0, 0.0), 0, None

    def num():
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    while i < len(tokens):
        if tokens[i] in "MLCQZ":
            cmd = tokens[i]
            i += 1
        if cmd == "M":
            if pts:
                out.append(pts)
            cur = (num(), num())
            start, pts, cmd = cur, [cur], "L"
        elif cmd == "L":
            cur = (num(), num())
            pts.append(cur)
        elif cmd in ("C", "Q"):
            ctrl = [(num(), num()) for _ in range(3 if cmd == "C" else 2)]
            p = [cur] + ctrl
            for k in range(1, 17):
                t = k / 16
                if cmd == "C":
                    w = [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3]
                else:
                    w = [(1 - t) ** 2, 2 * (1 - t) * t, t * t]
                pts.append((sum(a * q[0] for a, q in zip(w, p)),
                            sum(a * q[1] for a, q in zip(w, p))))
            cur = ctrl[-1]
        elif cmd == "Z":
            if pts:
                out.append(pts)
            pts, cur, cmd = [], start, None
        else:
            i += 1
    if pts:
        out.append(pts)
    return out


def area(c):
    n = len(c)
    return sum(c[k][0] * c[(k + 1) % n][1] - c[(k + 1) % n][0] * c[k][1] for k in range(n)) / 2

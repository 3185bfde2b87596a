#!/usr/bin/env python3
"""Measures `glyphsmith golden review` on the Bootstrap-size case of issue 25: 2,000 icons at
@1x/@2x/@3x (6,000 goldens) of which 15 changed, generated from the shared corpus (all Lucide
icons, then Heroicons solid up to 2,000, as tab bar glyphs with `glyphsmith assets`; the 15
changed ones redrawn with stroke-width 2.4).

Prints, in ms: the review's start (check of 6,000 images until the address is printed); the
page's load event in headless Chromium (median of 5 loads; the page stores performance.now()
at `load` in <html data-load-ms>); the time per accept of one icon (3 goldens written and
golden.json) from the click to the list updated, as the page measures it (data-last-action-ms,
fetch plus DOM update), for 10 icons, median and max; `GET /api/results` paged (the first 100)
and whole, 5 times each, and all of it in pages of 500 (which must list every result once);
and the accept API call alone over HTTP (accept, then undo, 10 times). Targets: load < 2000
ms, accept < 200 ms, the first page and the whole results < 300 ms (issue 36); exit 1 when
missed.

usage: scripts/review-bench.py [--glyphsmith PATH] [--corpus DIR] [--work DIR]
  --glyphsmith  default .build/release/glyphsmith when built, else .build/debug/glyphsmith
  --corpus      default ../shared/corpus (lucide/ and heroicons-solid/)
  --work        keep the generated case there (default: a temporary folder, removed)
"""
import argparse
import http.client
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ICONS = 2000
CHANGED = 15


def run(*args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, **kw)
    if result.returncode not in (0, 1):
        sys.exit(f"{' '.join(map(str, args))} failed: {result.stderr}")
    return result


def generate(glyphsmith, corpus, work):
    """work/before/{lucide,heroicons}.xcassets, work/gold (recorded), work/act (15 changed)."""
    sets = {"lucide": sorted((corpus / "lucide").glob("*.svg"))}
    sets["heroicons"] = sorted((corpus / "heroicons-solid").glob("*.svg"))[: ICONS - len(sets["lucide"])]
    total = sum(len(v) for v in sets.values())
    if total != ICONS:
        sys.exit(f"the corpus has {total} icons, not {ICONS}")
    changed = sets["lucide"][:: len(sets["lucide"]) // CHANGED][:CHANGED]
    for name, files in sets.items():
        src = work / "svg" / name
        src.mkdir(parents=True)
        for f in files:
            shutil.copy(f, src)
        run(glyphsmith, "assets", str(src), "-o", str(work / "before" / f"{name}.xcassets"), "--quiet")
    run(glyphsmith, "golden", "record", str(work / "before"), str(work / "gold"))
    shutil.copytree(work / "before", work / "act")
    heavy = work / "svg" / "heavy"
    heavy.mkdir()
    for f in changed:
        (heavy / f.name).write_text(f.read_text().replace('stroke-width="2"', 'stroke-width="2.4"'))
    run(glyphsmith, "assets", str(heavy), "-o", str(work / "heavy.xcassets"), "--quiet")
    for imageset in (work / "heavy.xcassets").glob("*.imageset"):
        target = work / "act" / "lucide.xcassets" / imageset.name
        shutil.rmtree(target)
        shutil.copytree(imageset, target)
    return [f.stem for f in changed]


def main():
    here = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser()
    release = here / ".build/release/glyphsmith"
    parser.add_argument(
        "--glyphsmith", default=str(release if release.exists() else here / ".build/debug/glyphsmith"))
    corpora = [p / "shared/corpus" for p in (here.parent, here.parent.parent)]
    parser.add_argument(
        "--corpus", default=str(next((c for c in corpora if c.is_dir()), corpora[0])))
    parser.add_argument("--work")
    args = parser.parse_args()
    work = pathlib.Path(args.work or tempfile.mkdtemp(prefix="glyphsmith-review-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    server = driver = None
    try:
        if not (work / "gold").exists():
            started = time.time()
            changed = generate(args.glyphsmith, pathlib.Path(args.corpus), work)
            print(f"case: {ICONS} icons, {CHANGED} changed ({', '.join(changed)}); "
                  f"generated in {time.time() - started:.0f} s with {args.glyphsmith}")
        # Each run reviews a fresh copy of the goldens (the run accepts 10 icons).
        shutil.rmtree(work / "gold-run", ignore_errors=True)
        shutil.copytree(work / "gold", work / "gold-run")
        started = time.time()
        server = subprocess.Popen(
            [args.glyphsmith, "golden", "review", "act", "gold-run", "--no-open"], cwd=work,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline().strip()
        start_ms = (time.time() - started) * 1000
        address = line[len("review at "):]
        port = int(address.split(":")[2].split("/")[0])
        token = address.split("token=")[1]

        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)

        def wait(script, timeout=20):
            end = time.time() + timeout
            while time.time() < end:
                value = driver.execute_script(script)
                if value:
                    return value
                time.sleep(0.01)
            sys.exit("timed out: " + script)

        loads = []
        for _ in range(5):
            driver.get(address)
            loads.append(int(wait("return document.documentElement.getAttribute('data-load-ms')")))
        failures = driver.find_element(By.ID, "shown").text

        accepts = []
        walls = []
        for g in range(10):
            button = driver.find_elements(By.CSS_SELECTOR, "button[data-gact=accept]")[g]
            driver.execute_script("document.documentElement.removeAttribute('data-last-action-ms')")
            t0 = time.time()
            button.click()
            ms = wait("var b=document.documentElement;return b.getAttribute('data-busy')==='0'"
                      "&&b.getAttribute('data-last-action-ms')")
            walls.append((time.time() - t0) * 1000)
            accepts.append(int(ms))

        def get(path):
            conn = http.client.HTTPConnection("127.0.0.1", port)
            t0 = time.time()
            conn.request("GET", path, headers={"Authorization": f"Bearer {token}",
                                               "Host": f"127.0.0.1:{port}"})
            body = conn.getresponse().read()
            ms = (time.time() - t0) * 1000
            conn.close()
            return json.loads(body), ms, len(body)

        # Issue 36: the results over the API, the first page of 100 and the whole list (5
        # times each), then every page of 500, which together must list every result once.
        firsts = [get("/api/results?offset=0&limit=100")[1] for _ in range(5)]
        wholes = []
        for _ in range(5):
            results, ms, size = get("/api/results")
            wholes.append(ms)
        paged, offset = [], 0
        while offset is not None:
            page = get(f"/api/results?offset={offset}&limit=500")[0]
            paged += [r["path"] for r in page["results"]]
            offset = page["next"]
        if paged != [r["path"] for r in results["results"]]:
            sys.exit("the pages of /api/results do not list every result once, in order")
        api = []
        pending = [r["path"] for r in results["results"]
                   if r["status"] == "differs" and r["review"] == "pending"][:3]
        for _ in range(10):
            for path in ("/api/accept", "/api/undo"):
                body = json.dumps({"paths": pending}) if path == "/api/accept" else "{}"
                conn = http.client.HTTPConnection("127.0.0.1", port)
                t0 = time.time()
                conn.request("POST", path, body=body, headers={
                    "Authorization": f"Bearer {token}", "Host": f"127.0.0.1:{port}",
                    "Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                if path == "/api/accept":
                    api.append((time.time() - t0) * 1000)
                conn.close()
                if response.status != 200:
                    sys.exit(f"{path}: {response.status}")

        driver.find_element(By.ID, "done").click()
        server.wait(timeout=20)
        print(f"review start (check of {results['checked']} images, until the address): {start_ms:.0f} ms")
        print(f"page: {failures}")
        print(f"page load event (ms, 5 loads): {loads}; median {statistics.median(loads):.0f}")
        print(f"accept one icon, click to list updated (ms, 10 icons): {accepts}; "
              f"median {statistics.median(accepts):.0f}, max {max(accepts)}")
        print(f"  the same with Selenium's round trip (ms): median {statistics.median(walls):.0f}")
        print(f"GET /api/results?offset=0&limit=100 (ms, 5 times): median "
              f"{statistics.median(firsts):.1f}, max {max(firsts):.1f}")
        print(f"GET /api/results, all {len(results['results'])} ({size} bytes) (ms, 5 times): "
              f"median {statistics.median(wholes):.1f}, max {max(wholes):.1f}; pages of 500 "
              f"list all {len(paged)} once")
        print(f"POST /api/accept of 3 images alone (ms, 10 times): median "
              f"{statistics.median(api):.1f}, max {max(api):.1f}")
        good = (statistics.median(loads) < 2000 and max(accepts) < 200
                and statistics.median(firsts) < 300 and statistics.median(wholes) < 300)
        print("targets (load < 2000 ms, accept < 200 ms, first page and whole /api/results "
              "< 300 ms): " + ("met" if good else "MISSED"))
        sys.exit(0 if good else 1)
    finally:
        if driver:
            driver.quit()
        if server and server.poll() is None:
            server.kill()
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Drives `glyphsmith golden review`'s real page in headless Chromium (Debian's `chromium` and
`chromium-driver`, Selenium from PyPI) on a fixture with five changed icons (issue 25).

Fixture (rendered with `glyphsmith assets` from Lucide icons, three scales each): five icons
drawn with a heavier stroke, two unchanged, one whose actual images are gone (stale goldens)
and one new icon (no golden). Then, on the page:

  1. "Accept icon" on one icon changes exactly its three goldens, to the actual bytes;
  2. `u` restores them byte for byte;
  3. the filter "check" and "Accept shown" accept exactly the images the filter shows;
  4. "Delete" removes one stale golden and its entry in golden.json's record, nothing else;
  5. `j` then `a` accepts the selected image, `r` rejects the next (no file touched), `?`
     shows the key help; the new icon's view opens side by side (slider and blink disabled);
  6. Done stops the server (exit 0), and a second `golden check` fails exactly on what was not
     accepted.

Prints one `ok:` line per check and `browser review test: N checks passed`; exits 1 on the
first failed check (with what differed). With --screenshots DIR it writes review-page.png,
review-help.png and review-missing.png there (docs/testing.md shows them).

usage: scripts/review-browser-test.py --glyphsmith PATH [--icons DIR] [--screenshots DIR]
"""
import argparse
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

CHANGED = ["bell-check", "camera", "clock-1", "grid-2x2-check", "message-circle-check"]
SAME = ["briefcase", "drill"]
STALE = "milk"
NEW = "printer"
SCALES = ["", "@2x", "@3x"]

checks = 0


def ok(condition, what, detail=""):
    global checks
    if not condition:
        print(f"FAILED: {what}" + (f"\n  {detail}" if detail else ""), flush=True)
        raise SystemExit(1)
    checks += 1
    print(f"ok: {what}", flush=True)


def files(icon):
    return [f"{icon}.imageset/{icon}{scale}.png" for scale in SCALES]


def snapshot(folder):
    out = {}
    for path in sorted(pathlib.Path(folder).rglob("*")):
        if path.is_file():
            out[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def changed(before, after):
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def run(*args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def build_fixture(glyphsmith, icons, work):
    src, heavy = work / "src", work / "heavy"
    src.mkdir()
    heavy.mkdir()
    for name in CHANGED + SAME + [STALE]:
        shutil.copy(icons / f"{name}.svg", src)
    for name in CHANGED:
        text = (icons / f"{name}.svg").read_text()
        (heavy / f"{name}.svg").write_text(text.replace('stroke-width="2"', 'stroke-width="2.4"'))
    for name in SAME + [NEW]:
        shutil.copy(icons / f"{name}.svg", heavy)
    for args in (
        [glyphsmith, "assets", str(src), "-o", str(work / "before"), "--quiet"],
        [glyphsmith, "golden", "record", str(work / "before"), str(work / "gold")],
        [glyphsmith, "assets", str(heavy), "-o", str(work / "act"), "--quiet"],
    ):
        result = run(*args)
        ok(result.returncode == 0, "fixture: " + " ".join(args[1:3]), result.stderr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--glyphsmith", required=True)
    here = pathlib.Path(__file__).resolve().parent.parent
    parser.add_argument(
        "--icons", default=str(here / "Tests/GlyphsmithTestFixtures/Fixtures/lucide-stroke"))
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    icons = pathlib.Path(args.icons)
    work = pathlib.Path(tempfile.mkdtemp(prefix="glyphsmith-review-browser-"))
    server = driver = None
    try:
        build_fixture(args.glyphsmith, icons, work)
        gold, act = work / "gold", work / "act"
        server = subprocess.Popen(
            [args.glyphsmith, "golden", "review", "act", "gold", "--no-open"], cwd=work,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline().strip()
        ok(line.startswith("review at http://127.0.0.1:") and "?token=" in line,
           "review prints its address", line)
        address = line[len("review at "):]

        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--no-first-run", "--disable-extensions"):
            options.add_argument(flag)
        service = Service(shutil.which("chromedriver"))
        driver = webdriver.Chrome(service=service, options=options)
        driver.get(address)

        def wait(condition, what, timeout=15):
            end = time.time() + timeout
            while time.time() < end:
                if driver.execute_script(condition):
                    return
                time.sleep(0.05)
            ok(False, "timed out waiting: " + what)

        def filter_to(text, count):
            # Typed as a person types; waits until the list shows only what matches.
            box = driver.find_element(By.ID, "filter")
            box.clear()
            box.send_keys(text)
            # clear() alone fires no input event.
            driver.execute_script("document.getElementById('filter').dispatchEvent(new Event('input'))")
            wait("var n=document.querySelectorAll('.fail .name');return document.getElementById('shown')"
                 f".textContent.indexOf('{count} of 21')===0&&n.length=={count}&&Array.prototype.every"
                 f".call(n,function(e){{return e.textContent.indexOf({json.dumps(text)})>=0;}})",
                 f"the filter {text!r}")

        def press(key):
            # Keys go to the page, not to the filter box.
            driver.execute_script("document.activeElement && document.activeElement.blur()")
            ActionChains(driver).send_keys(key).perform()

        def idle():
            wait("return document.documentElement.getAttribute('data-busy')==='0'", "the request")

        wait("return document.documentElement.getAttribute('data-ready')==='1'", "the page")
        shown = driver.find_element(By.ID, "shown").text
        ok(shown == "21 of 21 failures, 7 icons", "the page lists every failure", shown)

        def group(icon):
            for section in driver.find_elements(By.CSS_SELECTOR, "section.group"):
                if section.find_element(By.TAG_NAME, "h2").text.startswith(f"{icon}.imageset/{icon} "):
                    return section
            ok(False, f"group of {icon} on the page")

        start = snapshot(gold)
        group("camera").find_element(By.CSS_SELECTOR, "button[data-gact=accept]").click()
        idle()
        after = snapshot(gold)
        ok(changed(start, after) == files("camera"), "Accept icon changes exactly its 3 goldens",
           changed(start, after))
        ok(all((gold / f).read_bytes() == (act / f).read_bytes() for f in files("camera")),
           "the accepted goldens are the actual images")
        states = [e.text for e in group("camera").find_elements(By.CSS_SELECTOR, ".state")]
        ok(states == ["accepted"] * 3, "the list shows them accepted in place", states)

        press("u")
        idle()
        ok(snapshot(gold) == start, "u restores them byte for byte")
        ok(not group("camera").find_elements(By.CSS_SELECTOR, ".state"), "and pending again")

        filter_to("check", 9)
        driver.find_element(By.ID, "acceptShown").click()
        idle()
        expected = sorted(f for icon in ["bell-check", "grid-2x2-check", "message-circle-check"]
                          for f in files(icon))
        ok(changed(start, snapshot(gold)) == expected,
           "Accept shown accepts exactly what the filter shows", changed(start, snapshot(gold)))
        filter_to(STALE, 3)
        before = snapshot(gold)
        card = driver.find_element(By.CSS_SELECTOR, ".fail[data-i]")
        name = card.find_element(By.CSS_SELECTOR, ".name").text
        ok(name.endswith(f"{STALE}.png"), "the stale icon's first card is its @1x", name)
        card.find_element(By.CSS_SELECTOR, "button[data-act=delete]").click()
        idle()
        deleted = f"{STALE}.imageset/{STALE}.png"
        record = json.loads((gold / "golden.json").read_text())["goldens"]
        ok(changed(before, snapshot(gold)) == ["golden.json", deleted]
           and not (gold / deleted).exists() and deleted not in record,
           "Delete removes the stale golden and its entry in golden.json's record, nothing else",
           changed(before, snapshot(gold)))

        filter_to("clock", 3)
        before = snapshot(gold)
        press("j")
        press("a")
        idle()
        ok(changed(before, snapshot(gold)) == ["clock-1.imageset/clock-1.png"],
           "j then a accepts the selected image", changed(before, snapshot(gold)))
        wait("return !!document.querySelector('.fail.sel[data-i]')", "the next selection")
        press("r")
        idle()
        ok(changed(before, snapshot(gold)) == ["clock-1.imageset/clock-1.png"],
           "r rejects without touching a file")
        states = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".fail .state")]
        ok(states == ["accepted", "rejected"], "the states show in place", states)

        filter_to("", 21)
        pending = driver.find_element(By.ID, "pending").text
        ok(pending == "9 pending", "the pending count follows", pending)
        if args.screenshots:
            out = pathlib.Path(args.screenshots)
            out.mkdir(parents=True, exist_ok=True)
            driver.execute_script("window.scrollTo(0,0)")
            driver.save_screenshot(str(out / "review-page.png"))
        press("?")
        ok(driver.find_element(By.ID, "help").is_displayed(), "? shows the key help")
        if args.screenshots:
            driver.save_screenshot(str(out / "review-help.png"))
        driver.find_element(By.ID, "help").click()

        filter_to(NEW, 3)
        driver.find_element(By.CSS_SELECTOR, ".fail[data-i] .thumbs").click()
        wait("return !document.getElementById('view').hidden", "the view")
        on = driver.find_element(By.CSS_SELECTOR, ".modes button.on").get_attribute("data-mode")
        disabled = [b.get_attribute("data-mode") for b in
                    driver.find_elements(By.CSS_SELECTOR, ".modes button") if not b.is_enabled()]
        ok(on == "side" and disabled == ["slider", "blink"],
           "a missing golden opens side by side, slider and blink disabled", f"{on} {disabled}")
        command = driver.find_element(By.ID, "vcmd").text
        ok(command == f"glyphsmith golden record act gold --only {NEW}.imageset/{NEW}.png",
           "the view gives the exact accept command", command)
        if args.screenshots:
            driver.save_screenshot(str(out / "review-missing.png"))
        driver.find_element(By.ID, "close").click()

        driver.find_element(By.ID, "done").click()
        wait("return !!document.getElementById('finished')", "the closing page")
        code = server.wait(timeout=10)
        err = server.stderr.read()
        ok(code == 0, "Done stops the server with exit 0", err)
        ok(err.endswith("review done: 10 images accepted, 1 rejected, 1 deleted, 3 undone\n"),
           "and it says what was done, in images (undone steps subtracted)", err)

        check = run(args.glyphsmith, "golden", "check", "act", "gold", "--json", cwd=work)
        report = json.loads(check.stdout)
        failing = sorted(r["path"] for r in report["results"] if r["status"] != "passed")
        want = sorted(files("camera") + files("clock-1")[1:] + files(STALE)[1:] + files(NEW))
        ok(check.returncode == 1 and failing == want,
           "a second golden check fails exactly on what was not accepted", failing)
        passing = sorted(r["path"] for r in report["results"] if r["status"] == "passed")
        ok(passing == sorted([f for icon in ["bell-check", "grid-2x2-check", "message-circle-check",
                                             "briefcase", "drill"] for f in files(icon)]
                             + ["clock-1.imageset/clock-1.png"]),
           "and passes exactly on what was", passing)
    finally:
        if driver:
            driver.quit()
        if server and server.poll() is None:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)
    print(f"browser review test: {checks} checks passed")


if __name__ == "__main__":
    main()

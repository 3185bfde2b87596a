#!/usr/bin/env python3
"""Drives `glyphsmith golden review`'s real page in headless Chromium (Debian's `chromium` and
`chromium-driver`, Selenium from PyPI) on a fixture with five changed icons (issue 25).

Fixture (rendered with `glyphsmith assets` from Lucide icons, three scales each): five icons
drawn with a heavier stroke, two unchanged, one whose actual images are gone (stale goldens)
and one new icon (no golden). Then, on the page:

  1. "Accept icon" on one icon changes exactly its three goldens, to the actual bytes, and
     the summary says "3 images accepted, 0 rejected, 0 deleted, 0 undone";
  2. `u` restores them byte for byte (summary: "0 images accepted, ..., 3 undone");
  3. an image's views (issue 39): overlay with its opacity control moved (drag and `]`), the
     slider dragged and moved with `[`, diff only, the pixel read-out under the pointer in two
     views and after an arrow key (x, y and both colours, computed here from the PNG files
     with zlib), zoom 1x, 8x (the image's CSS size 8 times its natural size, pixelated) and
     fit, each view also by its key;
  4. the filter "check" and "Accept shown" accept exactly the images the filter shows;
  5. "Delete" removes one stale golden and its entry in golden.json's record, nothing else;
     `u` puts it back; "Delete icon" removes exactly that icon's three goldens and their
     entries, nothing else;
  6. `j` then `a` accepts the selected image, `r` rejects the next (no file touched), `?`
     shows the key help; the new icon's view opens side by side (slider, blink, overlay and
     diff only disabled);
  7. Done stops the server (exit 0) and the page and stderr give the counts of images, and a
     second `golden check` fails exactly on what was not accepted.

Prints one `ok:` line per check and `browser review test: N checks passed`; exits 1 on the
first failed check (with what differed). With --screenshots DIR it writes review-page.png,
review-help.png, review-missing.png (docs/testing.md shows them), review-overlay.png,
review-slider.png and review-diff.png (docs/review.md) there.

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
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

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


def read_png(path):
    """(width, height, rows of RGBA tuples) of an 8-bit, non-interlaced RGB or RGBA PNG,
    decoded here with zlib (independently of the page's decoder)."""
    data = pathlib.Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    p, idat = 8, b""
    while p < len(data):
        n = int.from_bytes(data[p:p + 4], "big")
        kind, chunk = data[p + 4:p + 8], data[p + 8:p + 8 + n]
        if kind == b"IHDR":
            w, h = int.from_bytes(chunk[0:4], "big"), int.from_bytes(chunk[4:8], "big")
            depth, colour, interlace = chunk[8], chunk[9], chunk[12]
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
        p += 12 + n
    assert depth == 8 and colour in (2, 6) and interlace == 0, (path, depth, colour)
    ch = 4 if colour == 6 else 3
    raw, stride, prev, rows, q = zlib.decompress(idat), w * ch, bytearray(w * ch), [], 0
    for _ in range(h):
        f, line = raw[q], bytearray(raw[q + 1:q + 1 + stride])
        q += 1 + stride
        for i in range(stride):
            left = line[i - ch] if i >= ch else 0
            up, ul = prev[i], prev[i - ch] if i >= ch else 0
            if f == 1:
                line[i] = (line[i] + left) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(up - ul), abs(left - ul), abs(left + up - 2 * ul)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else ul
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[k * ch:k * ch + ch]) + ((255,) if ch == 3 else ())
                     for k in range(w)])
        prev = line
    return w, h, rows


def hexa(rgba):
    return "#" + "".join(f"{v:02x}" for v in rgba)


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


def views(driver, wait, filter_to, press, gold, act, screenshots):
    """Step 3: camera@1x's view, each new view by mouse and by key (issue 39)."""
    if screenshots:
        pathlib.Path(screenshots).mkdir(parents=True, exist_ok=True)
    path = "camera.imageset/camera.png"
    gw, gh, grows = read_png(gold / path)
    aw, ah, arows = read_png(act / path)
    ok((gw, gh) == (aw, ah), "camera@1x: golden and actual of one size", f"{gw}x{gh} {aw}x{ah}")
    # A pixel that differs, half transparent on one side if there is one (the read-out must
    # not round through a premultiplied canvas), with a right neighbour for the arrow key.
    differing = [(x, y) for y in range(gh) for x in range(gw - 1) if grows[y][x] != arows[y][x]]
    ok(differing, "camera@1x has differing pixels")
    partial = [(x, y) for x, y in differing
               if 0 < grows[y][x][3] < 255 or 0 < arows[y][x][3] < 255]
    # The one nearest the middle (not on an edge, so both x and y are tested).
    px, py = min(partial or differing, key=lambda p: (abs(2 * p[0] - gw) + abs(2 * p[1] - gh), p))

    def expected(x, y):
        return f"x {x}, y {y} · golden {hexa(grows[y][x])} · actual {hexa(arows[y][x])}"

    filter_to("camera", 3)
    driver.find_element(By.CSS_SELECTOR, ".fail[data-i] .thumbs").click()
    wait("return !document.getElementById('view').hidden", "the view")

    def mode():
        return driver.find_element(By.CSS_SELECTOR, ".modes button.on").get_attribute("data-mode")

    def click_mode(name):
        driver.find_element(By.CSS_SELECTOR, f".modes button[data-mode={name}]").click()
        ok(mode() == name, f"the {name} button shows the {name} view", mode())

    def js(code):
        return driver.execute_script(code)

    # Overlay: actual over golden, its opacity moved by dragging the control, then by `]`.
    click_mode("overlay")
    imgs = js("return Array.prototype.map.call(document.querySelectorAll('#vbody .stage img'),"
              "function(i){return i.getAttribute('src').split('?')[0].split('/').pop();})")
    ok(imgs == ["expected.png", "actual.png"], "overlay stacks actual over golden", imgs)
    control = driver.find_element(By.ID, "opacity")
    width = control.size["width"]
    ActionChains(driver).move_to_element_with_offset(control, -width // 2 + 2, 0) \
        .click_and_hold().move_by_offset(width // 4, 0).release().perform()
    value = int(control.get_attribute("value"))
    shown = js("return [getComputedStyle(document.querySelector('#vbody .top')).opacity,"
               "document.getElementById('opacityValue').textContent]")
    ok(15 <= value <= 35 and abs(float(shown[0]) - value / 100) < 1e-6 and shown[1] == f"{value}%",
       "dragging the opacity control sets the actual image's opacity", f"{value} {shown}")
    press("]")
    again = int(control.get_attribute("value"))
    shown = js("return getComputedStyle(document.querySelector('#vbody .top')).opacity")
    ok(again == value + 10 and abs(float(shown) - again / 100) < 1e-6,
       "] raises it by 10", f"{again} {shown}")

    def point_at(x, y, figure=0):
        # The pointer to the middle of image pixel (x, y) of the view's `figure`-th stage.
        box = js(f"var s=document.querySelectorAll('#vbody .stage')[{figure}],r=s.getBoundingClientRect();"
                 "return [r.left+s.clientLeft,r.top+s.clientTop,+document.getElementById('view')"
                 ".getAttribute('data-zoom')]")
        action = ActionBuilder(driver)
        action.pointer_action.move_to_location(int(box[0] + (x + 0.5) * box[2]),
                                               int(box[1] + (y + 0.5) * box[2]))
        action.perform()

    def readout(want, what):
        wait("return document.getElementById('readout').textContent.indexOf('...')<0&&"
             "document.getElementById('readout').textContent.indexOf('x ')===0", "the read-out")
        text = driver.find_element(By.ID, "readout").text
        ok(text == want, f"{what}: {text}", f"{text!r} != {want!r}")

    point_at(px, py)
    readout(expected(px, py), f"the read-out under the pointer in the overlay: ({px}, {py})")
    if screenshots:
        driver.find_element(By.CSS_SELECTOR, "#view .panel").screenshot(
            str(pathlib.Path(screenshots) / "review-overlay.png"))

    # Slider: dragged to about three quarters, then `[` moves it back by 10.
    click_mode("slider")
    bar = driver.find_element(By.ID, "split")
    ActionChains(driver).click_and_hold(bar).move_by_offset(bar.size["width"] // 4, 0) \
        .release().perform()
    value = int(bar.get_attribute("value"))

    def clip():
        return js("var t=document.querySelector('#vbody .top'),s=document.querySelector('#vbody .stage');"
                  "return [t.style.clipPath, s.clientWidth*(+document.getElementById('split').value)/100"
                  "-t.offsetLeft]")

    got = clip()
    ok(65 <= value <= 85 and got[0] == f"inset(0px 0px 0px {got[1]:g}px)",
       "dragging the slider shows the actual image right of it", f"{value} {got}")
    press("[")
    got = clip()
    ok(int(bar.get_attribute("value")) == value - 10 and got[0] == f"inset(0px 0px 0px {got[1]:g}px)",
       "[ moves the slider back by 10", f"{bar.get_attribute('value')} {got}")
    if screenshots:
        driver.find_element(By.CSS_SELECTOR, "#view .panel").screenshot(
            str(pathlib.Path(screenshots) / "review-slider.png"))

    # Diff only: the pixelmatch diff alone; the read-out works there too, and by arrow key.
    click_mode("diff")
    imgs = js("return Array.prototype.map.call(document.querySelectorAll('#vbody img'),"
              "function(i){return i.getAttribute('src').split('?')[0].split('/').pop();})")
    ok(imgs == ["diff.png"], "diff only shows the diff image alone", imgs)
    point_at(px, py)
    readout(expected(px, py), "the read-out under the pointer in diff only")
    press(Keys.ARROW_RIGHT)
    readout(expected(px + 1, py), "the right arrow moves the read-out one pixel")

    # Zoom: 1x, then 8x by its button (CSS size 8 times the natural size, pixelated), fit.
    def sizes():
        return js("var i=document.querySelector('#vbody img'),r=i.getBoundingClientRect();"
                  "return [i.naturalWidth,i.naturalHeight,r.width,r.height,"
                  "getComputedStyle(i).imageRendering]")

    driver.find_element(By.CSS_SELECTOR, ".zooms button[data-zoom='1']").click()
    got = sizes()
    ok(got[:4] == [gw, gh, gw, gh], "1x shows the image at its natural size", got)
    driver.find_element(By.CSS_SELECTOR, ".zooms button[data-zoom='8']").click()
    got = sizes()
    ok(got == [gw, gh, 8 * gw, 8 * gh, "pixelated"],
       "8x shows it 8 times its natural size, pixelated", got)
    point_at(px, py)
    readout(expected(px, py), "the read-out follows the zoom")
    if screenshots:
        driver.find_element(By.CSS_SELECTOR, "#view .panel").screenshot(
            str(pathlib.Path(screenshots) / "review-diff.png"))
    press("f")
    got = sizes()
    on = driver.find_element(By.CSS_SELECTOR, ".zooms button.on").get_attribute("data-zoom")
    ok(on == "fit" and got[2] > 8 * gw and got[2] % gw == 0 and got[2] / gw == got[3] / gh,
       "f zooms to fit by a whole factor, pixels square", f"{on} {got}")
    press("4")
    got = sizes()
    ok(got[2:4] == [4 * gw, 4 * gh], "4 zooms to 4x", got)

    # Each view by its key.
    for key, name in [("o", "overlay"), ("l", "slider"), ("b", "blink"), ("d", "diff"),
                      ("s", "side")]:
        press(key)
        ok(mode() == name, f"{key} switches to {name}", mode())
    point_at(px, py, figure=1)
    readout(expected(px, py), "the read-out over side by side's actual image")
    press(Keys.ESCAPE)
    wait("return document.getElementById('view').hidden", "the view to close")


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
        tally = driver.find_element(By.ID, "tally").text
        ok(tally == "3 images accepted, 0 rejected, 0 deleted, 0 undone",
           "the summary counts the 3 images accepted", tally)

        press("u")
        idle()
        ok(snapshot(gold) == start, "u restores them byte for byte")
        ok(not group("camera").find_elements(By.CSS_SELECTOR, ".state"), "and pending again")
        tally = driver.find_element(By.ID, "tally").text
        ok(tally == "0 images accepted, 0 rejected, 0 deleted, 3 undone",
           "after accept + undo the summary counts 0 accepted, 3 images undone", tally)

        views(driver, wait, filter_to, press, gold, act, args.screenshots)

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
        press("u")
        idle()
        ok(snapshot(gold) == before, "u puts the deleted golden and golden.json back byte for byte")
        manifest_before = json.loads((gold / "golden.json").read_text())
        record_before = manifest_before["goldens"]
        delete_icon = group(STALE).find_elements(By.CSS_SELECTOR, "button[data-gact=delete]")
        ok(len(delete_icon) == 1 and delete_icon[0].text == "Delete icon",
           "the stale icon has a Delete icon button")
        delete_icon[0].click()
        idle()
        manifest = json.loads((gold / "golden.json").read_text())
        record = manifest["goldens"]
        gone = files(STALE)
        ok(changed(before, snapshot(gold)) == sorted(["golden.json"] + gone)
           and not any((gold / f).exists() for f in gone),
           "Delete icon removes exactly the icon's 3 goldens and golden.json changes",
           changed(before, snapshot(gold)))
        ok(all(f in record_before for f in gone) and not any(f in record for f in gone)
           and sorted(record) == sorted(k for k in record_before if k not in gone)
           and {k: v for k, v in manifest.items() if k != "goldens"}
           == {k: v for k, v in manifest_before.items() if k != "goldens"},
           "and exactly their 3 entries in golden.json's record, every other entry as it was")
        states = [e.text for e in group(STALE).find_elements(By.CSS_SELECTOR, ".state")]
        ok(states == ["deleted"] * 3, "the icon's images show deleted in place", states)

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
        # 21 failures: 10 accepted, 1 rejected, milk's 3 deleted (Delete icon), 7 pending.
        ok(pending == "7 pending", "the pending count follows", pending)
        icons = [e.get_attribute("data-g") for e in
                 driver.find_elements(By.CSS_SELECTOR, "button[data-gact=delete]")]
        ok(len(driver.find_elements(By.CSS_SELECTOR, "section.group")) == 7
           and icons == [group(STALE).find_element(By.CSS_SELECTOR, "button[data-gact=delete]")
                         .get_attribute("data-g")],
           "only the stale icon has Delete icon (the others have their actual images)", icons)
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
        ok(on == "side" and disabled == ["slider", "blink", "overlay", "diff"],
           "a missing golden opens side by side, slider, blink, overlay and diff only disabled",
           f"{on} {disabled}")
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
        # 9 (Accept shown) + 1 (a): camera's 3 were undone, as were the single Delete's 1.
        summary = "10 images accepted, 1 rejected, 3 deleted, 4 undone"
        ok(err.endswith(f"review done: {summary}\n"), "and it says what was done, in images", err)
        finished = driver.find_element(By.ID, "finished").text
        ok(finished == f"Review finished: {summary}. The server has stopped; close this tab.",
           "the closing page gives the same counts", finished)

        check = run(args.glyphsmith, "golden", "check", "act", "gold", "--json", cwd=work)
        report = json.loads(check.stdout)
        failing = sorted(r["path"] for r in report["results"] if r["status"] != "passed")
        want = sorted(files("camera") + files("clock-1")[1:] + files(NEW))
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

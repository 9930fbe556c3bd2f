"""The recorder page in a real browser: headless Chromium draws synthetic pen and touch strokes of
known geometry through WebDriver actions, the page's Save button downloads the session file, and
the built `lookahead` imports it. Checked: every sent point comes back as a sample, in order, with
its pressure and tilt; times follow the pauses sent; Chromium's predicted events are recorded and
scored by `evaluate --predictor recorded`; a device profile is measured from the frame times; a
truncated recording is a clear error. Run by Tests/Browser/run.sh (scripts/test)."""
import csv
import io
import json
import math
import subprocess
import time

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

# The pen stroke: a wave from (200, 300) to the right, one point every PAUSE seconds, pressure
# rising, a constant tilt. The touch stroke: a vertical line at x = 700.
PAUSE = 0.012
PEN_POINTS = [(200 + 8 * k, 300 + round(40 * math.sin(k / 5))) for k in range(41)]
PEN_PRESSURES = [round(0.2 + 0.015 * k, 3) for k in range(41)]
TILT_X, TILT_Y = 30, -15
TOUCH_POINTS = [(700, 200 + 10 * k) for k in range(25)]
CSS_PIXELS_PER_MILLIMETRE = 4.0


def draw(driver):
    """Sends the pen stroke (after a hover move to its start), then the touch stroke."""
    pen = PointerInput(interaction.POINTER_PEN, "pen")
    actions = ActionBuilder(driver, mouse=pen, duration=0)
    x, y = PEN_POINTS[0]
    pen.create_pointer_move(duration=0, x=x - 20, y=y, origin="viewport")  # hover, no contact
    pen.create_pause(PAUSE)
    pen.create_pointer_move(duration=0, x=x, y=y, origin="viewport")
    actions.pointer_action.pointer_down(pressure=PEN_PRESSURES[0], tilt_x=TILT_X, tilt_y=TILT_Y)
    for (x, y), pressure in zip(PEN_POINTS[1:], PEN_PRESSURES[1:]):
        pen.create_pause(PAUSE)
        pen.create_pointer_move(duration=0, x=x, y=y, origin="viewport", pressure=pressure, tiltX=TILT_X, tiltY=TILT_Y)
    pen.create_pause(PAUSE)
    actions.pointer_action.pointer_up()
    actions.perform()

    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger, duration=0)
    x, y = TOUCH_POINTS[0]
    finger.create_pointer_move(duration=0, x=x, y=y, origin="viewport")
    actions.pointer_action.pointer_down()
    for x, y in TOUCH_POINTS[1:]:
        finger.create_pause(PAUSE)
        finger.create_pointer_move(duration=0, x=x, y=y, origin="viewport")
    finger.create_pause(PAUSE)
    actions.pointer_action.pointer_up()
    actions.perform()


def save(driver, folder):
    """Clicks Save session and waits until the download is complete. Chromium reserves the final
    name with an empty file and writes into a `.crdownload` file beside it, renamed over the
    reservation at the end: an existing `.json` may still be empty, so the wait is for no partial
    download left and a file that parses."""
    driver.find_element("id", "save").click()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        names = list(folder.iterdir())
        files = [f for f in names if f.suffix == ".json"]
        if files and not any(f.suffix == ".crdownload" for f in names):
            try:
                json.loads(files[0].read_text())
                return files[0]
            except ValueError:
                pass  # still being written
        time.sleep(0.1)
    raise AssertionError(f"no complete session file was downloaded into {folder}")


def run(lookahead, *arguments):
    return subprocess.run([str(lookahead), *arguments], capture_output=True, text=True, timeout=120)


def trace_rows(lookahead, recording, folder):
    """The recording converted by `lookahead datasets convert`, as trace-file rows."""
    converted = folder / "recording.lktrace.csv"
    result = run(lookahead, "datasets", "convert", str(recording), str(converted))
    assert result.returncode == 0, result.stderr
    lines = [line for line in converted.read_text().splitlines() if not line.startswith("#")]
    header = converted.read_text().splitlines()
    return list(csv.DictReader(io.StringIO("\n".join(lines)))), [h for h in header if h.startswith("#")]


def test_recorded_strokes_match_what_was_sent(browser, download_folder, lookahead, tmp_path):
    browser.execute_script(f"window.lookaheadRecorder.calibrateRuler({50 * CSS_PIXELS_PER_MILLIMETRE})")
    draw(browser)
    recording = save(browser, download_folder)
    session = json.loads(recording.read_text())
    assert session["format"] == "lookahead-browser-recording" and session["version"] == 1
    assert session["supports"] == {"coalescedEvents": True, "predictedEvents": True}
    assert session["calibration"]["cssPixelsPerMillimetre"] == CSS_PIXELS_PER_MILLIMETRE
    assert len(session["frames"]) > 10

    rows, header = trace_rows(lookahead, recording, tmp_path)
    assert "# millimetres_per_unit: 0.25" in header
    assert any(line.startswith("# recorded_predictor: chromium-predicted-events") for line in header)
    samples = [r for r in rows if r["record"] == "sample"]
    strokes = {}
    for row in samples:
        strokes.setdefault(int(row["stroke"]), []).append(row)
    kinds = [(rows_[0]["pointer_type"], rows_[0]["phase"] == "hover") for rows_ in strokes.values()]
    assert kinds == [("pen", True), ("pen", False), ("touch", False)], kinds

    # Geometry: the sent points, in order, each once (Chromium may deliver two moves in one
    # event, as coalesced samples, but never drops or invents one).
    pen = strokes[1]
    assert [(float(r["x"]), float(r["y"])) for r in pen] == [(float(x), float(y)) for x, y in PEN_POINTS] + [
        tuple(map(float, PEN_POINTS[-1]))]
    assert [r["phase"] for r in pen][:2] == ["down", "move"] and pen[-1]["phase"] == "up"
    # Pressure as sent (the up reports 0, as Pointer Events specify); tilt as altitude/azimuth.
    assert [round(float(r["pressure"]), 3) for r in pen[:-1]] == PEN_PRESSURES
    a, b = math.tan(math.radians(TILT_X)), math.tan(math.radians(TILT_Y))
    altitude, azimuth = math.atan2(1, math.hypot(a, b)), math.atan2(b, a) % (2 * math.pi)
    for row in pen[:-1]:
        assert abs(float(row["altitude"]) - altitude) < 1e-3 and abs(float(row["azimuth"]) - azimuth) < 1e-3
    touch = strokes[2]
    assert [(float(r["x"]), float(r["y"])) for r in touch][:len(TOUCH_POINTS)] == [
        (float(x), float(y)) for x, y in TOUCH_POINTS]
    assert all(r["pressure"] == "" for r in touch), "a finger's pressure is not recorded"

    # Timing: increasing, and no faster than the pauses sent (WebDriver may be slower).
    times = [float(r["t"]) for r in pen]
    intervals = [later - earlier for earlier, later in zip(times, times[1:])]
    assert all(interval > 0 for interval in intervals[:-1])
    assert times[-1] - times[0] >= 0.9 * PAUSE * (len(PEN_POINTS) - 1)

    predicted = sum(len(e["predicted"]) for e in session["events"] if e["buttons"] != 0)
    assert len([r for r in rows if r["record"] == "prediction"]) == predicted


def draw_line(driver, y):
    """A fast straight pen line at height y, one point every 8 ms (Chromium predicts when events
    come regularly)."""
    pen = PointerInput(interaction.POINTER_PEN, "pen")
    actions = ActionBuilder(driver, mouse=pen, duration=0)
    pen.create_pointer_move(duration=0, x=100, y=y, origin="viewport")
    actions.pointer_action.pointer_down(pressure=0.5)
    for k in range(1, 61):
        pen.create_pause(0.008)
        pen.create_pointer_move(duration=0, x=100 + 10 * k, y=y, origin="viewport", pressure=0.5)
    actions.pointer_action.pointer_up()
    actions.perform()


def predicted_count(driver):
    session = json.loads(driver.execute_script("return window.lookaheadRecorder.sessionJSON()"))
    return sum(len(e["predicted"]) for e in session["events"])


def test_chromium_predictions_are_recorded_and_scored(browser, download_folder, lookahead, tmp_path):
    # Chromium predicts only while events arrive regularly, which a loaded machine may upset:
    # up to three lines are drawn until it has predicted.
    for attempt in range(3):
        draw_line(browser, 150 + 100 * attempt)
        if predicted_count(browser) > 0:
            break
    recording = save(browser, download_folder)
    session = json.loads(recording.read_text())
    predicted = sum(len(e["predicted"]) for e in session["events"])
    assert predicted > 0, "Chromium made no predicted events in three strokes"

    rows, _ = trace_rows(lookahead, recording, tmp_path)
    assert len([r for r in rows if r["record"] == "prediction"]) == predicted
    profile = tmp_path / "profile.json"
    result = run(lookahead, "datasets", "profile", str(recording), "--output", str(profile))
    assert result.returncode == 0, result.stderr
    measured = json.loads(profile.read_text())
    assert 10 <= measured["display"]["rateHz"] <= 250
    for predictor in ["recorded", "linear"]:
        result = run(lookahead, "evaluate", "--predictor", predictor, "--profile", str(profile), "--json", "--quiet",
                     str(recording))
        assert result.returncode == 0, result.stderr
        scorecard = json.loads(result.stdout)["datasets"][0]["subjects"][0]["scorecard"]
        assert scorecard["predictionCount"] > 0, (predictor, scorecard["predictionCount"])


def test_truncated_recording_is_a_clear_error(browser, lookahead, tmp_path):
    draw_line(browser, 200)
    text = browser.execute_script("return window.lookaheadRecorder.sessionJSON()")
    truncated = tmp_path / "truncated.json"
    truncated.write_text(text[: len(text) // 2])
    for arguments in (["datasets", "inspect", str(truncated)], ["datasets", "profile", str(truncated)],
                      ["evaluate", "--predictor", "recorded", str(truncated)]):
        result = run(lookahead, *arguments)
        assert result.returncode == 1, (arguments, result.returncode, result.stderr)
        assert str(truncated) in result.stderr and "not valid JSON" in result.stderr, result.stderr

#!/usr/bin/env python3
"""Writes the small made-up recordings of Docs/Examples/ (Docs/BringYourOwnData.md):
an Android MotionEvent log, a browser Pointer Events export, a tablet TSV with its sidecar
mapping, and an Android `getevent -lp` + `getevent -lt` log of a protocol B touchscreen.
Deterministic; run from the repository root: python3 Tools/make_byod_examples.py"""
import math

OUT = "Docs/Examples/"

# 1. Android MotionEvent log, historical samples flattened (one row per pointer per sample).
rows = ["event_time_ns,action,pointer_id,tool_type,x,y,pressure"]
t0 = 12_345_678_900_000
dt = 8_333_333  # a 120 Hz touch panel
for i in range(20):  # finger 0: 20 samples; finger 1 joins for samples 6…13
    t = t0 + i * dt
    a0 = "ACTION_DOWN" if i == 0 else ("ACTION_UP" if i == 19 else "ACTION_MOVE")
    rows.append(f"{t},{a0},0,TOOL_TYPE_FINGER,{300 + 6 * i}.0,{900 - 4 * i}.0,0.41")
    if 6 <= i < 14:
        a1 = "ACTION_POINTER_DOWN" if i == 6 else ("ACTION_POINTER_UP" if i == 13 else "ACTION_MOVE")
        rows.append(f"{t},{a1},1,TOOL_TYPE_FINGER,{700 - 5 * (i - 6)}.0,{500 + 7 * (i - 6)}.0,0.38")
ts = t0 + 20 * dt + 500_000_000
for i in range(24):  # a stylus half a second later, 240 Hz, with pressure
    t = ts + i * 4_166_667
    a = "ACTION_DOWN" if i == 0 else ("ACTION_UP" if i == 23 else "ACTION_MOVE")
    x = 200 + 40 * math.cos(i / 23 * math.pi); y = 400 + 40 * math.sin(i / 23 * math.pi)
    p = 0.2 + 0.5 * math.sin(i / 23 * math.pi)
    rows.append(f"{t},{a},0,TOOL_TYPE_STYLUS,{x:.2f},{y:.2f},{p:.3f}")
open(OUT + "android-motionevent.csv", "w").write("\n".join(rows) + "\n")

# 2. Browser Pointer Events export: getCoalescedEvents() of each pointermove, one row each.
rows = ["timeStamp,type,pointerId,pointerType,clientX,clientY,pressure,tiltX,tiltY"]
t = 10500.0
for i in range(5):  # a mouse moving without a button: hover, not a stroke
    rows.append(f"{t:.1f},pointermove,1,mouse,{50 + 3 * i},{60 + 2 * i},0,0,0"); t += 16.7
t = 11000.0
n = 30
for i in range(n):  # a pen stroke at 240 Hz
    kind = "pointerdown" if i == 0 else ("pointerup" if i == n - 1 else "pointermove")
    p = 0 if i == n - 1 else 0.3 + 0.01 * i
    rows.append(f"{t:.3f},{kind},2,pen,{120 + 2.5 * i:.2f},{200 + 0.05 * i * i:.2f},{p:.2f},{-20 + i},15"); t += 4.167
t = 11600.0
for i in range(12):  # a finger at 60 Hz
    kind = "pointerdown" if i == 0 else ("pointerup" if i == 11 else "pointermove")
    rows.append(f"{t:.1f},{kind},3,touch,{300 - 4 * i},{250 + 6 * i},{0 if i == 11 else 0.5},0,0"); t += 16.7
open(OUT + "pointer-events.csv", "w").write("\n".join(rows) + "\n")

# 3. Tablet TSV without a header: seconds, x and y counts (y up), pressure 0…1023; 3 strokes.
rows = []
t = 2.0
for s in range(3):
    for i in range(15):
        y = 5000 + int(300 * math.sin(i / 14 * math.pi)); p = int(200 + 600 * math.sin(i / 14 * math.pi))
        rows.append(f"{t:.3f}\t{1000 * s + 40 * i}\t{y}\t{p}"); t += 0.005
    t += 0.25
open(OUT + "tablet.tsv", "w").write("\n".join(rows) + "\n")

# 4. getevent -lp dump, then getevent -lt events of a protocol B touchscreen: finger A (slot 0,
# tracking id 45) for 13 frames, finger B (slot 1, id 46) in frames 4…8, lifted in frame 9;
# A's y changes every other frame only (carried over), A lifts in frame 13.
out = ["""add device 1: /dev/input/event5
  name:     "gpio-keys"
  events:
    KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
add device 2: /dev/input/event2
  name:     "sec_touchscreen"
  events:
    KEY (0001): BTN_TOUCH             BTN_TOOL_FINGER
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 16
                ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 16
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                ABS_MT_PRESSURE       : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT"""]
t = 5123.400000
def ev(kind, code, value):
    text = value if isinstance(value, str) else format(value & 0xFFFFFFFF, "08x")
    out.append(f"[{t:13.6f}] /dev/input/event2: {kind:<12} {code:<20} {text}")
for f in range(14):
    if f == 0:
        ev("EV_ABS", "ABS_MT_TRACKING_ID", 45); ev("EV_ABS", "ABS_MT_TOUCH_MAJOR", 6)
        ev("EV_ABS", "ABS_MT_POSITION_X", 400); ev("EV_ABS", "ABS_MT_POSITION_Y", 1500)
        ev("EV_ABS", "ABS_MT_PRESSURE", 40)
        ev("EV_KEY", "BTN_TOUCH", "DOWN"); ev("EV_KEY", "BTN_TOOL_FINGER", "DOWN")
    elif f < 13:
        if f >= 4: ev("EV_ABS", "ABS_MT_SLOT", 0)
        ev("EV_ABS", "ABS_MT_POSITION_X", 400 + 12 * f)
        if f % 2 == 0: ev("EV_ABS", "ABS_MT_POSITION_Y", 1500 - 8 * f)
        if f == 4:
            ev("EV_ABS", "ABS_MT_SLOT", 1); ev("EV_ABS", "ABS_MT_TRACKING_ID", 46)
            ev("EV_ABS", "ABS_MT_POSITION_X", 800); ev("EV_ABS", "ABS_MT_POSITION_Y", 900); ev("EV_ABS", "ABS_MT_PRESSURE", 35)
        elif 5 <= f <= 8:
            ev("EV_ABS", "ABS_MT_SLOT", 1); ev("EV_ABS", "ABS_MT_POSITION_Y", 900 + 10 * (f - 4))
        elif f == 9:
            ev("EV_ABS", "ABS_MT_SLOT", 1); ev("EV_ABS", "ABS_MT_TRACKING_ID", -1)
    else:
        ev("EV_ABS", "ABS_MT_SLOT", 0); ev("EV_ABS", "ABS_MT_TRACKING_ID", -1)
        ev("EV_KEY", "BTN_TOUCH", "UP"); ev("EV_KEY", "BTN_TOOL_FINGER", "UP")
    ev("EV_MSC", "MSC_TIMESTAMP", f * 8333)
    ev("EV_SYN", "SYN_REPORT", 0)
    t += 0.008333
open(OUT + "android-getevent.txt", "w").write("\n".join(out) + "\n")

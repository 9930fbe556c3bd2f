#!/usr/bin/env python3
"""Traces the MLP predictor's error/overshoot trade-off behind Docs/Results.md ("The MLP's
overshoot weight, traced") on the held-out protocols of "Hiding the latency without the spring
effect" (Tools/side_effect_front.py), so that the two tables read side by side.

For each protocol (SVC2004: train U1-U28, score U29-U32; WacomMSP13: train ID0002, score ID0001;
Inkable: train SVC2004 U1-U28 + WacomMSP13 ID0002, score Inkable) and each overshoot weight
(`train --overshoot-weight`: the loss adds weight x the error along the motion when the prediction
lands beyond the truth; Docs/Tuning.md), one network is trained with the rate-augmented settings of
Docs/Results.md (configuration B, one network, seed 1), exported for the pencil240-promotion120
profile and evaluated through it on the training writers ("search", what a pick may look at) and on
the held-out writers. Hold and two-point linear are scored beside them. The pick is the weight
hiding the most latency with stroke-end overshoot p95 <= 0.5 mm on the training writers, as
side_effect_front.py picks its front points; the weights were fixed before any run.

Usage: python3 Tools/mlp_overshoot_tradeoff.py OUT_DIR [WEIGHTS, default 0,0.25,0.5,1,2] [EXTRA TRAIN OPTIONS...]
       (BIN=.build/release/lookahead; about 12 min of CPU on one core)
       e.g. `... OUT 0 --stroke-end-rows` trains with targets past each stroke's end as well.
"""
import csv, io, json, os, subprocess, sys

BIN = os.environ.get("BIN", ".build/release/lookahead")
OUT = sys.argv[1]
WEIGHTS = [float(w) for w in (sys.argv[2] if len(sys.argv) > 2 else "0,0.25,0.5,1,2").split(",")]
PROFILE = "pencil240-promotion120"
BOUND_MM = 0.5
TRAINING = ["--augment", "resample=240;120", "--validation-per-dataset", "--augment-validation", "--seed", "1"] + sys.argv[3:]
PROTOCOLS = {
    "SVC2004-Task2:test": ["SVC2004-Task2:train"],
    "WacomMSP13-HandwritingSpeed:ID0001": ["WacomMSP13-HandwritingSpeed:ID0002"],
    "Inkable-ApplePencil": ["SVC2004-Task2:train", "WacomMSP13-HandwritingSpeed:ID0002"],
}
COLUMNS = ["latency_saved_mean_ms", "horizon_mean_ms", "stroke_end_overshoot_p95_mm", "jitter_rms_mm",
           "error_mean_mm", "error_p95_mm"]


def run(arguments):
    return subprocess.run([BIN] + arguments, check=True, capture_output=True, text=True).stdout


def evaluate(predictor_arguments, datasets):
    """The aggregate row of `lookahead evaluate --csv` as {column: float or None}."""
    text = run(["evaluate"] + predictor_arguments + ["--profile", PROFILE, "--quiet", "--csv"] + datasets)
    rows = list(csv.DictReader(io.StringIO("".join(l for l in text.splitlines(True) if not l.startswith("#")))))
    row = rows[-1]
    return {c: (float(row[c]) if row.get(c) else None) for c in COLUMNS}


def hidden(m):
    return m["latency_saved_mean_ms"] / m["horizon_mean_ms"] * 100


def line(label, m):
    return (f"| {label} | {hidden(m):.1f} % | {m['stroke_end_overshoot_p95_mm']:.2f} | {m['jitter_rms_mm']:.2f} | "
            f"{m['error_mean_mm']:.3f} / {m['error_p95_mm']:.3f} |")


os.makedirs(OUT, exist_ok=True)
report = {}
for test, pool in PROTOCOLS.items():
    short = test.split("-")[0].split(":")[0]
    print(f"\n### {test} (trained on {' + '.join(pool)})\n")
    print("| predictor | hidden | stroke-end overshoot p95 mm | jitter rms mm | error mean / p95 mm |\n|---|---|---|---|---|")
    for baseline in ["hold", "linear"]:
        print(line(baseline, evaluate(["--predictor", baseline], [test])), flush=True)
    rows = []
    for weight in WEIGHTS:
        stem = f"{OUT}/{short}-w{weight:g}"
        run(["train", "--family", "mlp", "--overshoot-weight", f"{weight:g}", "--test", test] + pool + TRAINING
            + ["-o", stem + ".json", "--force", "--quiet"])
        run(["export", "--from-train", stem + ".train.json", "--profile", PROFILE, "-o", stem + ".model", "--force"])
        search = evaluate(["--model", stem + ".model"], pool)
        held = evaluate(["--model", stem + ".model"], [test])
        rows.append({"weight": weight, "search": search, "heldOut": held})
    within = [r for r in rows if r["search"]["stroke_end_overshoot_p95_mm"] <= BOUND_MM]
    pick = max(within, key=lambda r: r["search"]["latency_saved_mean_ms"]) if within else None
    for r in rows:
        s = r["search"]
        tag = " **(pick)**" if r is pick else ""
        print(line(f"MLP{' ' + ' '.join(sys.argv[3:]) if sys.argv[3:] else ''}, overshoot weight {r['weight']:g} (training writers: {hidden(s):.1f} %, "
                   f"{s['stroke_end_overshoot_p95_mm']:.2f} mm){tag}", r["heldOut"]), flush=True)
    report[short] = {"rows": rows, "pick": pick["weight"] if pick else None}
json.dump(report, open(f"{OUT}/mlp-overshoot-tradeoff.json", "w"), indent=1)

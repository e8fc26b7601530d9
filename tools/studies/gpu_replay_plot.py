#!/usr/bin/env python3
"""GPU allocation against arrived GPU demand: Orrery's replay beside the FGD peer simulator.

Reads the curves `orrery replay alibaba-gpu --csv OUT.csv` wrote and the peer's published
expected allocation (resources/data/fgd-peer/allocation_openb_default.csv), averages each over
its seeds, and writes an SVG (standard library only): one colour per policy, Orrery solid, the
peer dashed, over 80-130 % of capacity arrived, where the policies part (docs/reproduction.md,
"GPU sharing: FGD and its baselines against the peer simulator").

usage: gpu_replay_plot.py CURVES.csv PEER.csv OUT.svg
"""
import csv
import sys

POLICIES = [  # Orrery plugin, peer sc_policy, colour
    ("random", "01-Random", "#7f7f7f"),
    ("dot-product", "02-DotProd", "#9467bd"),
    ("gpu-clustering", "03-GpuClustering", "#2ca02c"),
    ("gpu-packing", "04-GpuPacking", "#ff7f0e"),
    ("best-fit", "05-BestFit", "#1f77b4"),
    ("fgd", "06-FGD", "#d62728"),
]
X_LOW, X_HIGH, Y_LOW, Y_HIGH = 80, 130, 78, 100
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 720, 440, 60, 150, 20, 50


def mean_curves(path, policy_column, keep):
    sums, counts = {}, {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if not keep(row):
                continue
            policy = row[policy_column]
            for x in range(X_LOW, X_HIGH + 1):
                value = row.get(str(x), "")
                if value:
                    sums.setdefault(policy, [0.0] * 131)[x] += float(value)
                    counts.setdefault(policy, [0] * 131)[x] += 1
    return {p: {x: sums[p][x] / counts[p][x] for x in range(X_LOW, X_HIGH + 1) if counts[p][x]} for p in sums}


def point(x, y):
    px = LEFT + (x - X_LOW) / (X_HIGH - X_LOW) * (WIDTH - LEFT - RIGHT)
    py = TOP + (Y_HIGH - y) / (Y_HIGH - Y_LOW) * (HEIGHT - TOP - BOTTOM)
    return f"{px:.1f},{py:.1f}"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ours = mean_curves(sys.argv[1], "policy", lambda row: row["metric"] == "allocation")
    peer = mean_curves(sys.argv[2], "sc_policy", lambda row: True)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    for y in range(Y_LOW, Y_HIGH + 1, 2):
        out.append(f'<polyline points="{point(X_LOW, y)} {point(X_HIGH, y)}" stroke="#ddd"/>')
        left, top = point(X_LOW, y).split(",")
        out.append(f'<text x="{float(left) - 6}" y="{float(top) + 4}" text-anchor="end">{y}</text>')
    for x in range(X_LOW, X_HIGH + 1, 10):
        left, top = point(x, Y_LOW).split(",")
        out.append(f'<text x="{left}" y="{float(top) + 16}" text-anchor="middle">{x}</text>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 10}" text-anchor="middle">'
               'arrived GPU demand (% of the 6,212 GPUs)</text>')
    out.append(f'<text transform="translate(16,{(TOP + HEIGHT - BOTTOM) / 2}) rotate(-90)" text-anchor="middle">'
               'GPU allocation (%)</text>')
    for index, (plugin, peer_name, colour) in enumerate(POLICIES):
        for curves, name, dash in ((ours, plugin, ""), (peer, peer_name, ' stroke-dasharray="5,4"')):
            if name in curves:
                points = " ".join(point(x, y) for x, y in sorted(curves[name].items()))
                out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.8"{dash}/>')
        y = TOP + 14 + 18 * index
        out.append(f'<polyline points="{WIDTH - RIGHT + 10},{y - 4} {WIDTH - RIGHT + 34},{y - 4}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 40}" y="{y}">{plugin}</text>')
    y = TOP + 14 + 18 * len(POLICIES) + 10
    out.append(f'<text x="{WIDTH - RIGHT + 10}" y="{y}">solid: Orrery</text>')
    out.append(f'<text x="{WIDTH - RIGHT + 10}" y="{y + 16}">dashed: peer</text>')
    out.append("</svg>")
    with open(sys.argv[3], "w") as handle:
        handle.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

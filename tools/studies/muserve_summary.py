#!/usr/bin/env python3
"""The μ-Serve study's tables for docs/reproduction.md, from what the runs stored.

  tools/studies/muserve_summary.py --project muserve.orrery

For every muserve-* experiment in the project (the newest of each name) and each sweep point:
per arm the mean over seeds of power (W), SLO attainment, p99 latency / SLO and mean clock; and
the power reduction factor alpaserve / arm (ratio of the per-seed means, > 1: the arm draws less)
with a 95 % percentile bootstrap interval over seeds (paired: every arm of a seed sees the same
requests; 10,000 replicates, fixed seed). An arm "meets" the SLO when its mean attainment is at
least 0.99 (the seed's criterion, §6.4.2). Committed with the study, before any run.
"""
import argparse, random, sqlite3, statistics
from collections import defaultdict

ARMS = ['alpaserve', 'alpaserve-sched', 'alpaserve-scaling', 'mu-serve', 'dvfs']

def runs(db, experiment_id):
    """{sweep value: {arm: {seed: {metric: value}}}}"""
    out = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
    for point, arm, seed, name, value in db.execute(
            "SELECT er.sweep_value, er.arm, er.seed, m.name, m.value FROM experiment_runs er JOIN runs r ON r.id = er.run_id "
            "JOIN run_metrics m ON m.run_id = er.run_id WHERE er.experiment_id = ? AND r.status = 'completed' "
            "AND m.name IN ('serving.power.mean', 'serving.slo_attainment', 'serving.slo_ratio.p99', 'serving.mhz.mean')",
            (experiment_id,)):
        out[point][arm][seed][name] = value
    return out

def mean(data, metric):
    values = [row[metric] for row in data.values() if metric in row]
    return statistics.mean(values) if values else float('nan')

def reduction_ci(base, arm, rng, replicates=10000):
    seeds = sorted(s for s in set(base) & set(arm) if 'serving.power.mean' in base[s] and 'serving.power.mean' in arm[s])
    def ratio(draw):
        return statistics.mean(base[s]['serving.power.mean'] for s in draw) / statistics.mean(arm[s]['serving.power.mean'] for s in draw)
    point = ratio(seeds)
    boots = sorted(ratio([rng.choice(seeds) for _ in seeds]) for _ in range(replicates))
    return point, boots[int(0.025 * replicates)], boots[int(0.975 * replicates) - 1]

def main():
    p = argparse.ArgumentParser()
    p.add_argument('--project', required=True)
    args = p.parse_args()
    rng = random.Random(20261125)
    db = sqlite3.connect(args.project)
    names = [r[0] for r in db.execute("SELECT DISTINCT name FROM experiments WHERE name LIKE 'muserve-%' ORDER BY name")]
    for name in names:
        eid = db.execute("SELECT id FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1", (name,)).fetchone()[0]
        data = runs(db, eid)
        print(f'\n### {name}\n')
        print('| point | arm | power (W) | reduction vs alpaserve [95% CI] | SLO attainment | p99 / SLO | clock (MHz) | meets 99 % |')
        print('| --- | --- | --- | --- | --- | --- | --- | --- |')
        for point in sorted(data, key=lambda v: float(v) if v else 0.0):
            arms = data[point]
            for arm in [a for a in ARMS if a in arms] + sorted(a for a in arms if a not in ARMS):
                power = mean(arms[arm], 'serving.power.mean')
                attainment = mean(arms[arm], 'serving.slo_attainment')
                ratio = mean(arms[arm], 'serving.slo_ratio.p99')
                mhz = mean(arms[arm], 'serving.mhz.mean')
                if arm == 'alpaserve' or 'alpaserve' not in arms:
                    reduction = '—'
                else:
                    r, lo, hi = reduction_ci(arms['alpaserve'], arms[arm], rng)
                    reduction = f'{r:.2f}× [{lo:.2f}, {hi:.2f}]'
                meets = 'yes' if attainment >= 0.99 else 'no'
                print(f'| {point or "—"} | {arm} | {power:.0f} | {reduction} | {attainment:.4f} | {ratio:.2f} | {mhz:.0f} | {meets} |')

if __name__ == '__main__':
    main()

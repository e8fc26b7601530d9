#!/usr/bin/env python3
"""HetSev's cost with fractional GPUs and mixed models (issue 37 item 5), from the stored runs.

  tools/studies/hetsev_share_summary.py --project hetsev37.orrery

Reads the newest hetsev-cost-mixed (whole GPUs: hetsev, hetsev-heuristic, kube) and
hetsev-cost-mixed-share (gpuShare 0.47, costing: share: hetsev, hetsev-heuristic) experiments.
Prints per arm and GPU mode the means over seeds of cost, SLO attainment, throughput, replicas and
launch failures, and the cost reduction kube (whole GPUs) / arm with a 95 % paired bootstrap
interval over seeds: both experiments run seeds 1-5 on scenarios that differ only in gpuShare and
costing, so the same seed replays the same arrivals. Committed with the study, before any run.
"""
import argparse, os, random, sqlite3, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetsev_summary import fmt, mean, ratio_ci, runs  # noqa: E402


def newest(db, name):
    row = db.execute('SELECT id FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1', (name,)).fetchone()
    return row[0] if row else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--project', required=True)
    args = parser.parse_args()
    db = sqlite3.connect(args.project)
    rng = random.Random(37)
    whole_id, share_id = newest(db, 'hetsev-cost-mixed'), newest(db, 'hetsev-cost-mixed-share')
    if whole_id is None or share_id is None:
        sys.exit('the project needs both hetsev-cost-mixed and hetsev-cost-mixed-share')
    # Neither experiment sweeps: each has one point (its sweep value NULL).
    whole = next(iter(runs(db, whole_id).values()))
    share = next(iter(runs(db, share_id).values()))
    kube = whole['kube']
    print('| GPUs | arm | cost | cost reduction kube (whole) / arm [95% CI] | SLO att. | throughput (req/s) | replicas | launch failures |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    for mode, data in (('whole', whole), ('share 0.47', share)):
        for arm in [a for a in ('hetsev', 'hetsev-heuristic', 'kube') if a in data]:
            seeds = data[arm]
            reduction = None if (mode == 'whole' and arm == 'kube') else ratio_ci(kube, seeds, 'serving.cost', rng)
            print(f"| {mode} | {arm} | {mean(seeds, 'serving.cost'):.3f} | {fmt(reduction)} | "
                  f"{mean(seeds, 'serving.slo_attainment'):.4f} | {mean(seeds, 'throughput'):.1f} | "
                  f"{mean(seeds, 'serving.replicas.mean'):.1f} | {mean(seeds, 'serving.launch_failures'):.1f} |")


if __name__ == '__main__':
    main()

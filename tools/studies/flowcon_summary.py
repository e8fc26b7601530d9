#!/usr/bin/env python3
"""The FlowCon study's tables for docs/reproduction.md, from what the runs stored.

  tools/studies/flowcon_summary.py --project flowcon.orrery

For every flowcon-* experiment in the project (the newest of each name), against its docker-swarm
arm: the change of mean JCT and of makespan as the ratio of the per-seed means (flowcon /
docker-swarm; < 1 is better) with a 95 % percentile bootstrap interval over seeds (paired: both
arms of one seed see the same jobs; 10,000 replicates, fixed seed); and per job (metrics
train.<job>.jct, paired by job and seed): how many jobs FlowCon shortens and lengthens, the median
change, and the largest lengthening and shortening. Committed with the study, before any run.
"""
import argparse, random, sqlite3, statistics
from collections import defaultdict

def runs(db, experiment_id):
    """{arm: {seed: {metric: value}}}"""
    out = defaultdict(lambda: defaultdict(dict))
    for arm, seed, name, value in db.execute(
            "SELECT er.arm, er.seed, m.name, m.value FROM experiment_runs er JOIN runs r ON r.id = er.run_id "
            "JOIN run_metrics m ON m.run_id = er.run_id WHERE er.experiment_id = ? AND r.status = 'completed' "
            "AND m.name LIKE 'train.%'", (experiment_id,)):
        out[arm][seed][name] = value
    return out

def ratio_ci(a, b, metric, rng, replicates=10000):
    seeds = sorted(s for s in set(a) & set(b) if metric in a[s] and metric in b[s] and b[s][metric] is not None)
    def ratio(draw):
        return statistics.mean(a[s][metric] for s in draw) / statistics.mean(b[s][metric] for s in draw)
    point = ratio(seeds)
    boots = sorted(ratio([rng.choice(seeds) for _ in seeds]) for _ in range(replicates))
    return point, boots[int(0.025 * replicates)], boots[int(0.975 * replicates) - 1], len(seeds)

def per_job(a, b):
    changes = []
    for seed in sorted(set(a) & set(b)):
        for name, value in a[seed].items():
            if name.endswith('.jct') and name.count('.') == 2 and name in b[seed] and b[seed][name]:
                changes.append(value / b[seed][name] - 1.0)
    return changes

def main():
    p = argparse.ArgumentParser()
    p.add_argument('--project', required=True)
    args = p.parse_args()
    rng = random.Random(20261125)
    db = sqlite3.connect(args.project)
    names = [r[0] for r in db.execute("SELECT DISTINCT name FROM experiments WHERE name LIKE 'flowcon-%' ORDER BY name")]
    print('| experiment | arm | seeds | mean JCT ratio [95% CI] | makespan ratio [95% CI] | jobs shortened | jobs lengthened | median per-job change | largest lengthening | largest shortening |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for name in names:
        eid = db.execute("SELECT id FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1", (name,)).fetchone()[0]
        data = runs(db, eid)
        base = data.get('docker-swarm')
        if not base:
            continue
        for arm in sorted(a for a in data if a != 'docker-swarm'):
            jct = ratio_ci(data[arm], base, 'train.jct.mean', rng)
            span = ratio_ci(data[arm], base, 'train.makespan', rng)
            ch = per_job(data[arm], base)
            shorter = sum(1 for c in ch if c < -1e-9); longer = sum(1 for c in ch if c > 1e-9)
            print(f'| {name} | {arm} | {jct[3]} | {jct[0]:.3f} [{jct[1]:.3f}, {jct[2]:.3f}] | {span[0]:.3f} [{span[1]:.3f}, {span[2]:.3f}] '
                  f'| {shorter} of {len(ch)} | {longer} of {len(ch)} | {100 * statistics.median(ch):+.1f} % '
                  f'| {100 * max(ch):+.1f} % | {100 * min(ch):+.1f} % |')
        done = {arm: statistics.mean(s.get('train.jobs_completed', float('nan')) for s in data[arm].values()) for arm in data}
        print(f'|   jobs completed per run (mean): ' + ', '.join(f'{a} {v:.1f}' for a, v in sorted(done.items())) + ' | | | | | | | | | |')

if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""The HetSev study's tables for docs/reproduction.md (issue 17 item 4), from what the runs stored.

  tools/studies/hetsev_summary.py --project hetsev.orrery

For the newest experiment of each name in the project:
  hetsev-load (Fig. 5): per sweep point and arm the means over seeds of throughput
    (serving.completed / horizon, req/s), cluster GPU utilisation, mean and p99 response time, SLO
    attainment, cost and replicas; and arm / kube ratios of throughput and utilisation and
    kube / arm of mean response time (> 1: the arm is better), each with a 95 % paired bootstrap
    interval over seeds (resampling seeds, so every arm of a seed sees the same requests; ratio
    of the resampled means; 10,000 replicates, fixed seed).
  hetsev-cost-* (Fig. 7): per model the cost of every arm, kube / arm (the cost reduction) with its
    interval, and SLO attainment beside it; an arm "meets" the SLO at mean attainment ≥ 0.98
    (the seed's SL_min, §6).
  hetsev-slo-* (Fig. 7, the SLO-feasible set): as hetsev-cost-*, plus per arm the cost reduction
    over the models where both the arm and kube meet the SLO (the paper's claim is made there);
    hetsev-slo-kube-random-* the same against kube-random (its baseline arm).
  every experiment: hetsev-scaler's solve time from the policy.label annotations
    ("<model>=<solver> <µs>us <type>=<n>,…"; one solve per run and start time).
Committed with the study, before any run.
"""
import argparse, random, re, sqlite3, statistics
from collections import defaultdict

ARMS = ['hetsev', 'hetsev-none', 'hetsev-heuristic', 'kube', 'kube-random']
METRICS = ('serving.completed', 'serving.gpu_utilization.mean', 'serving.latency.mean', 'serving.latency.p99',
           'serving.slo_attainment', 'serving.cost', 'serving.replicas.mean', 'serving.launch_failures')
LABEL = re.compile(r'^[^=]+=(exact|heuristic) (\d+)us ')


def runs(db, experiment_id):
    """{sweep value: {arm: {seed: {metric: value}}}}; adds 'throughput' = completed / horizon (s)."""
    out = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
    marks = ','.join('?' * len(METRICS))
    for point, arm, seed, horizon, name, value in db.execute(
            "SELECT er.sweep_value, er.arm, er.seed, r.horizon_ns, m.name, m.value FROM experiment_runs er "
            "JOIN runs r ON r.id = er.run_id JOIN run_metrics m ON m.run_id = er.run_id "
            f"WHERE er.experiment_id = ? AND r.status = 'completed' AND m.name IN ({marks})",
            (experiment_id, *METRICS)):
        row = out[point][arm][seed]
        row[name] = value
        if name == 'serving.completed':
            row['throughput'] = value / (horizon / 1e9)
    return out


def mean(data, metric):
    values = [row[metric] for row in data.values() if metric in row]
    return statistics.mean(values) if values else float('nan')


def ratio_ci(num, den, metric, rng, replicates=10000):
    """mean(num) / mean(den) over the seeds both have, with a paired percentile bootstrap."""
    seeds = sorted(s for s in set(num) & set(den) if metric in num[s] and metric in den[s])
    if not seeds:
        return None

    def ratio(draw):
        d = statistics.mean(den[s][metric] for s in draw)
        return statistics.mean(num[s][metric] for s in draw) / d if d else float('inf')
    point = ratio(seeds)
    boots = sorted(ratio([rng.choice(seeds) for _ in seeds]) for _ in range(replicates))
    return point, boots[int(0.025 * replicates)], boots[int(0.975 * replicates) - 1]


def fmt(ci):
    return '—' if ci is None else f'{ci[0]:.2f}× [{ci[1]:.2f}, {ci[2]:.2f}]'


def ordered(arms):
    return [a for a in ARMS if a in arms] + sorted(a for a in arms if a not in ARMS)


def load_table(data, rng):
    print('| load × | arm | throughput (req/s) | vs kube [95% CI] | GPU util. | vs kube [95% CI] | mean RT (s) | kube / arm [95% CI] | p99 RT (s) | SLO att. | cost | replicas |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for point in sorted(data, key=lambda v: float(v) if v else 0.0):
        arms = data[point]
        for arm in ordered(arms):
            a = arms[arm]
            kube = arms.get('kube')
            other = kube is not None and arm != 'kube'
            thr = fmt(ratio_ci(a, kube, 'throughput', rng)) if other else '—'
            util = fmt(ratio_ci(a, kube, 'serving.gpu_utilization.mean', rng)) if other else '—'
            rt = fmt(ratio_ci(kube, a, 'serving.latency.mean', rng)) if other else '—'
            print(f'| {point or "—"} | {arm} | {mean(a, "throughput"):.1f} | {thr} | {mean(a, "serving.gpu_utilization.mean"):.3f} | {util} | '
                  f'{mean(a, "serving.latency.mean"):.3f} | {rt} | {mean(a, "serving.latency.p99"):.3f} | '
                  f'{mean(a, "serving.slo_attainment"):.4f} | {mean(a, "serving.cost"):.2f} | {mean(a, "serving.replicas.mean"):.1f} |')


def cost_table(rows, rng):
    print('| model | arm | cost | cost reduction baseline / arm [95% CI] | throughput (req/s) | vs kube [95% CI] | SLO att. | meets 98 % | replicas |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    reductions = defaultdict(list)
    both_meet = defaultdict(list)
    for model, data in rows:
        for point in data:
            arms = data[point]
            base = 'kube' if 'kube' in arms else 'kube-random'
            for arm in ordered(arms):
                a = arms[arm]
                kube = arms.get(base)
                other = kube is not None and arm != base
                red = ratio_ci(kube, a, 'serving.cost', rng) if other else None
                if red:
                    reductions[arm].append(red[0])
                    if mean(a, 'serving.slo_attainment') >= 0.98 and mean(kube, 'serving.slo_attainment') >= 0.98:  # kube: the baseline arm
                        both_meet[arm].append((model, red))
                thr = fmt(ratio_ci(a, kube, 'throughput', rng)) if other else '—'
                att = mean(a, 'serving.slo_attainment')
                print(f'| {model} | {arm} | {mean(a, "serving.cost"):.3f} | {fmt(red)} | {mean(a, "throughput"):.1f} | {thr} | '
                      f'{att:.4f} | {"yes" if att >= 0.98 else "no"} | {mean(a, "serving.replicas.mean"):.1f} |')
    for arm, values in reductions.items():
        print(f'\n{arm}: cost reduction over the {len(values)} models: up to {max(values):.2f}×, mean {statistics.mean(values):.2f}×')
        met = both_meet.get(arm, [])
        if met:
            best = max(met, key=lambda m: m[1][0])
            print(f'{arm}: where it and the baseline both meet 98 % ({len(met)} of {len(values)} models: {", ".join(m for m, _ in met)}): '
                  f'up to {fmt(best[1])} ({best[0]}), mean {statistics.mean(r[0] for _, r in met):.2f}×')
        else:
            print(f'{arm}: no model where it and the baseline both meet 98 %')


def solve_times(db, experiment_id):
    """{arm: [µs per solve]}: policy.label annotations, one per (run, start time)."""
    out = defaultdict(dict)
    for arm, run, start, target in db.execute(
            "SELECT er.arm, a.run_id, a.start_ns, a.target FROM experiment_runs er "
            "JOIN run_annotations a ON a.run_id = er.run_id WHERE er.experiment_id = ? AND a.kind = 'policy.label'",
            (experiment_id,)):
        m = LABEL.match(target)
        if m:
            out[(arm, m.group(1))][(run, start)] = int(m.group(2))
    return {key: list(v.values()) for key, v in out.items()}


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--project', required=True)
    args = p.parse_args()
    rng = random.Random(20261126)
    db = sqlite3.connect(args.project)
    names = [r[0] for r in db.execute("SELECT DISTINCT name FROM experiments WHERE name LIKE 'hetsev-%' ORDER BY name")]
    newest = {n: db.execute("SELECT id FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1", (n,)).fetchone()[0] for n in names}
    if 'hetsev-load' in newest:
        print('\n### hetsev-load: throughput, GPU utilisation, response time against the load (Fig. 5)\n')
        load_table(runs(db, newest['hetsev-load']), rng)
    for prefix, title in (('hetsev-cost-', 'resource cost per model service (Fig. 7)'),
                          ('hetsev-slo-', 'resource cost while meeting the SLO (Fig. 7, SLO-feasible set)'),
                          ('hetsev-slo-kube-random-', 'the same against the random-type baseline (kube-random)')):
        cost = [(n[len(prefix):], runs(db, newest[n])) for n in names
                if n.startswith(prefix) and (prefix != 'hetsev-slo-' or not n.startswith('hetsev-slo-kube-random-'))]
        if cost:
            print(f'\n### {prefix}*: {title}\n')
            cost_table(cost, rng)
    for n in names:
        if n.startswith('hetsev-cost-') or n.startswith('hetsev-slo-') or n == 'hetsev-load':
            continue
        print(f'\n### {n}\n')
        load_table(runs(db, newest[n]), rng)
    print('\n### hetsev-scaler solve time (policy.label annotations; µs per solve)\n')
    print('| experiment | arm | solver | solves | median | p95 | max |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    for n in names:
        for (arm, solver), values in sorted(solve_times(db, newest[n]).items()):
            print(f'| {n} | {arm} | {solver} | {len(values)} | {statistics.median(values):.0f} | {quantile(values, 0.95):.0f} | {max(values)} |')
    # Runs outside experiments (orrery run): the experiment runner stores no annotations.
    single = defaultdict(dict)
    for scenario, run, start, target in db.execute(
            "SELECT s.name, a.run_id, a.start_ns, a.target FROM run_annotations a JOIN runs r ON r.id = a.run_id "
            "JOIN scenarios s ON s.id = r.scenario_id WHERE a.kind = 'policy.label' "
            "AND a.run_id NOT IN (SELECT run_id FROM experiment_runs)"):
        m = LABEL.match(target)
        if m:
            single[(scenario, m.group(1))][(run, start)] = int(m.group(2))
    for (scenario, solver), runs_ in sorted(single.items()):
        values = list(runs_.values())
        print(f'| {scenario} (orrery run) | — | {solver} | {len(values)} | {statistics.median(values):.0f} | {quantile(values, 0.95):.0f} | {max(values)} |')


if __name__ == '__main__':
    main()

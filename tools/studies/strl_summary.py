#!/usr/bin/env python3
"""The TetriSched study's tables for docs/reproduction.md, from what the runs stored.

  tools/studies/strl_summary.py --project strl-study.orrery

Reads the newest experiment of each name strl-load, strl-window and strl-nodes in the project
(resources/experiments/strl-*.yaml) and prints markdown:

* strl-load: per offered load × arm, the mean over seeds of SLO attainment, mean best-effort
  latency, utilisation and solve time per cycle (mean of the per-run means, mean of the per-run
  p99s, the largest per-run max), and the cycles that hit the CBC time limit (sum over seeds);
  then per load the ratio of SLO attainment tetrisched / other arm (ratio of the means over seeds)
  with a 95 % percentile bootstrap interval over seeds (paired: every arm of a seed sees the same
  jobs; 10,000 replicates, fixed seed).
* strl-window: the same per window, the ratio of each window's SLO attainment and mean
  best-effort latency to window-1's, and of each window to the one half its size (where a longer
  window stops helping: the interval holds 1). The best-effort columns were added after the first
  look at the results (every window met every deadline at load 0.8).
* strl-nodes and strl-nodes-large (its follow-up beyond 512 nodes): per cluster size, cycles, cycles that hit the time limit, greedy fallbacks, solve
  time mean / p99 / max, and the largest size at which no cycle hit the limit (every cycle's
  MILP solved to optimality within it).

Solve times are wall-clock seconds on the machine that ran the study. Committed with the study,
before any run; the strl-nodes-large table and the window's best-effort ratios were added after
the first runs, before strl-nodes-large ran.
"""
import argparse, math, random, re, sqlite3, statistics
from collections import defaultdict

LOAD_ARMS = ['tetrisched', 'tetrisched-np', 'tetrisched-greedy', 'first-fit', 'kube']
SLO = 'strl.slo_attainment'
BE = 'strl.best_effort.latency.mean'
UTIL = 'strl.utilization'
S_MEAN, S_P99, S_MAX = 'strl.solve_seconds.mean', 'strl.solve_seconds.p99', 'strl.solve_seconds.max'
TIMED_OUT, CYCLES, FALLBACKS = 'strl.cycles_timed_out', 'strl.cycles', 'strl.plan_fallbacks'
REPLICATES = 10000


def newest(db, name):
    row = db.execute("SELECT id, scenario_text FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1", (name,)).fetchone()
    return row if row else (None, None)


def runs(db, experiment_id):
    """{sweep value: {arm: {seed: {metric: value}}}} over completed runs (the earliest of a cell)."""
    out = defaultdict(lambda: defaultdict(lambda: defaultdict(dict)))
    for point, arm, seed, name, value in db.execute(
            "SELECT er.sweep_value, er.arm, er.seed, m.name, m.value FROM experiment_runs er JOIN runs r ON r.id = er.run_id "
            "JOIN run_metrics m ON m.run_id = er.run_id WHERE er.experiment_id = ? AND r.status = 'completed' "
            "ORDER BY er.run_id DESC", (experiment_id,)):
        out[point][arm][seed][name] = value  # descending run id: the earliest run of a cell wins
    return out


def values(data, metric):
    return [row[metric] for row in data.values() if metric in row and row[metric] is not None and not math.isnan(row[metric])]


def mean(data, metric):
    v = values(data, metric)
    return statistics.mean(v) if v else float('nan')


def largest(data, metric):
    v = values(data, metric)
    return max(v) if v else float('nan')


def total(data, metric):
    v = values(data, metric)
    return sum(v) if v else float('nan')


def fmt(x, digits=3):
    return '—' if x is None or (isinstance(x, float) and math.isnan(x)) else f'{x:.{digits}f}'


def ratio_ci(num, den, metric, rng):
    """mean(num) / mean(den) over the seeds both have, with a paired percentile bootstrap."""
    seeds = sorted(s for s in set(num) & set(den) if metric in num[s] and metric in den[s])
    if not seeds:
        return None

    def ratio(draw):
        d = statistics.mean(den[s][metric] for s in draw)
        n = statistics.mean(num[s][metric] for s in draw)
        return n / d if d > 0 else (1.0 if n == 0 else math.inf)

    point = ratio(seeds)
    boots = sorted(ratio([rng.choice(seeds) for _ in seeds]) for _ in range(REPLICATES))
    return point, boots[int(0.025 * REPLICATES)], boots[int(0.975 * REPLICATES) - 1], len(seeds)


def fmt_ratio(r):
    if r is None:
        return '—'
    point, lo, hi, n = r
    return f'{point:.3f} [{lo:.3f}, {hi:.3f}]'


def arm_order(arms, preferred):
    return [a for a in preferred if a in arms] + sorted(a for a in arms if a not in preferred)


def arm_table(arms, order):
    print('| arm | seeds | SLO attainment | best-effort latency (s) | utilisation | solve mean (s) | solve p99 (s) | solve max (s) | cycles at the 2 s limit |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for arm in order:
        a = arms[arm]
        print(f'| {arm} | {len(a)} | {fmt(mean(a, SLO))} | {fmt(mean(a, BE), 1)} | {fmt(mean(a, UTIL))} | '
              f'{fmt(mean(a, S_MEAN))} | {fmt(mean(a, S_P99))} | {fmt(largest(a, S_MAX))} | {fmt(total(a, TIMED_OUT), 0)} |')


def load_study(db, rng):
    eid, _ = newest(db, 'strl-load')
    if eid is None:
        return
    data = runs(db, eid)
    points = sorted(data, key=lambda v: float(v) if v else 0.0)
    print('\n### strl-load: per offered load and arm (means over seeds)\n')
    print('| load | arm | seeds | SLO attainment | best-effort latency (s) | utilisation | solve mean (s) | solve p99 (s) | solve max (s) | cycles at the 2 s limit | jobs slowed |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for point in points:
        arms = data[point]
        for arm in arm_order(arms, LOAD_ARMS):
            a = arms[arm]
            print(f'| {point} | {arm} | {len(a)} | {fmt(mean(a, SLO))} | {fmt(mean(a, BE), 1)} | {fmt(mean(a, UTIL))} | '
                  f'{fmt(mean(a, S_MEAN))} | {fmt(mean(a, S_P99))} | {fmt(largest(a, S_MAX))} | {fmt(total(a, TIMED_OUT), 0)} | '
                  f'{fmt(mean(a, "strl.jobs_slowed"), 1)} |')
    others = [a for a in LOAD_ARMS if a != 'tetrisched']
    print('\n### strl-load: SLO attainment of tetrisched / other arm [95 % paired bootstrap over seeds]\n')
    print('| load | ' + ' | '.join(f'tetrisched / {a}' for a in others) + ' |')
    print('| --- |' + ' --- |' * len(others))
    for point in points:
        arms = data[point]
        cells = [fmt_ratio(ratio_ci(arms['tetrisched'], arms[a], SLO, rng)) if 'tetrisched' in arms and a in arms else '—'
                 for a in others]
        print(f'| {point} | ' + ' | '.join(cells) + ' |')


def window_study(db, rng):
    eid, _ = newest(db, 'strl-window')
    if eid is None:
        return
    data = runs(db, eid)
    for point in sorted(data, key=lambda v: float(v) if v else 0.0):
        arms = data[point]
        order = sorted(arms, key=lambda a: int(a.split('-')[1]) if a.startswith('window-') and a.split('-')[1].isdigit() else 10**9)
        print(f'\n### strl-window: tetrisched at offered load {point}, per plan-ahead window (means over seeds)\n')
        arm_table(arms, order)
        print('\nRatios of SLO attainment and of mean best-effort latency [95 % paired bootstrap over seeds]:\n')
        print('| window | SLO vs window-1 | SLO vs the window half its size | best-effort latency vs window-1 | best-effort latency vs the window half its size |')
        print('| --- | --- | --- | --- | --- |')
        for arm in order:
            w = arm.split('-')[1] if arm.startswith('window-') else ''
            half = f'window-{int(w) // 2}' if w.isdigit() and int(w) > 1 else None
            cells = []
            for metric in (SLO, BE):
                cells.append(fmt_ratio(ratio_ci(arms[arm], arms['window-1'], metric, rng)) if 'window-1' in arms and arm != 'window-1' else '—')
                cells.append(fmt_ratio(ratio_ci(arms[arm], arms[half], metric, rng)) if half in arms else '—')
            print(f'| {arm} | ' + ' | '.join(cells) + ' |')


def node_count(scenario_text, factor):
    """Pool counts of the scenario × factor, rounded half away from zero, at least 1 (the nodes sweep)."""
    total_nodes = 0
    for count in re.findall(r'\bcount:\s*(\d+)\s*,\s*cpu:', scenario_text or ''):
        scaled = int(math.floor(int(count) * factor + 0.5))
        total_nodes += max(1, scaled)
    return total_nodes


def nodes_study(db):
    rows = []  # (nodes, line, within-limit, largest solve)
    for name in ('strl-nodes', 'strl-nodes-large'):
        eid, text = newest(db, name)
        if eid is None:
            continue
        data = runs(db, eid)
        for point in data:
            a = data[point].get('tetrisched', {})
            nodes = node_count(text, float(point)) if point else node_count(text, 1.0)
            timed_out = total(a, TIMED_OUT)
            line = (f'| {name} | {point} | {nodes} | {len(a)} | {fmt(total(a, CYCLES), 0)} | {fmt(timed_out, 0)} | '
                    f'{fmt(total(a, FALLBACKS), 0)} | {fmt(mean(a, S_MEAN))} | {fmt(mean(a, S_P99))} | {fmt(largest(a, S_MAX))} | '
                    f'{fmt(mean(a, SLO))} | {fmt(mean(a, UTIL))} |')
            ok = bool(a) and timed_out == 0 and total(a, FALLBACKS) == 0 and largest(a, S_MAX) <= 2.0
            rows.append((nodes, line, ok, largest(a, S_MAX)))
    if not rows:
        return
    print('\n### strl-nodes, strl-nodes-large: tetrisched solve time per cycle against cluster size\n')
    print('| experiment | nodes factor | nodes | seeds | cycles | cycles at the 2 s limit | greedy fallbacks | solve mean (s) | solve p99 (s) | solve max (s) | SLO attainment | utilisation |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    rows.sort(key=lambda r: r[0])
    for row in rows:
        print(row[1])
    within = None
    for nodes, _, ok, worst in rows:  # the largest size up to which every size stayed within the limit
        if not ok:
            break
        within = (nodes, worst)
    if within:
        print(f'\nLargest cluster up to which every cycle solved to optimality within 2 s: {within[0]} nodes '
              f'(largest solve {within[1]:.3f} s){"" if within[0] < rows[-1][0] else "; the largest size tried"}.')
    else:
        print('\nNo cluster size had every cycle solved to optimality within 2 s.')


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--project', required=True)
    args = p.parse_args()
    rng = random.Random(20261125)
    db = sqlite3.connect(args.project)
    load_study(db, rng)
    window_study(db, rng)
    nodes_study(db)


if __name__ == '__main__':
    main()

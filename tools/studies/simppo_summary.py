#!/usr/bin/env python3
"""The SIMPPO study's tables for docs/reproduction.md, from what the runs stored.

  tools/studies/simppo_summary.py --project simppo.orrery --curves multitenant-curves.csv \
      --churn churn.log --churn-no-sharing churn-ns.log
  tools/studies/simppo_summary.py --project seeds.orrery     # the training-seed experiments
  tools/studies/simppo_summary.py --project rollouts.orrery --study rollouts --curves rollouts-curves.csv
                                  # the re-run with the learning core (simppo-rollouts-*.yaml)

Per-function p99 come from the project's runs (table run_metrics, metrics fn.<function>.latency.p99)
of the experiments simppo-multitenant and simppo-isolated; ratios are ratios of per-function means
over the serving seeds, summarised as the median over functions, with a 95 % percentile bootstrap
interval that resamples seeds (paired: every arm of one seed saw the same invocations; 10,000
replicates, fixed seed). Convergence follows core/analysis/convergence.h: the mean reward of the
last 20 episodes within 2 % of the 20 before.
"""
import argparse, csv, random, re, sqlite3, statistics
from collections import defaultdict

def runs(db, experiment):
    """{arm: {seed: {function: p99 ms}}} of the newest experiment with that name."""
    cur = db.execute("SELECT id FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1", (experiment,))
    row = cur.fetchone()
    if not row:
        return {}
    out = defaultdict(lambda: defaultdict(dict))
    for arm, seed, name, value in db.execute(
            "SELECT er.arm, er.seed, m.name, m.value FROM experiment_runs er JOIN runs r ON r.id = er.run_id "
            "JOIN run_metrics m ON m.run_id = er.run_id WHERE er.experiment_id = ? AND r.status = 'completed' "
            "AND m.name LIKE 'fn.%.latency.p99'", (row[0],)):
        function = name[3:-len('.latency.p99')]
        out[arm][seed][function] = value
    return out

PLATFORM = [('SLO violation rate', 'fn.slo_violation_rate', '{:.3f}'), ('CPU utilization', 'fn.cpu_utilization', '{:.3f}'),
            ('memory utilization', 'fn.memory_utilization', '{:.3f}'), ('containers (mean)', 'fn.containers.mean', '{:.1f}'),
            ('containers started', 'fn.cold_starts', '{:.0f}'), ('failed invocations', 'fn.failures', '{:.0f}'),
            ('actions applied', 'control.actions_applied', '{:.0f}')]

def platform(db, experiment):
    """{arm: {metric: mean over seeds}} of the whole-platform metrics of the newest such experiment."""
    cur = db.execute("SELECT id FROM experiments WHERE name = ? ORDER BY id DESC LIMIT 1", (experiment,))
    row = cur.fetchone()
    out = defaultdict(lambda: defaultdict(list))
    if row:
        names = tuple(m for _, m, _ in PLATFORM)
        for arm, name, value in db.execute(
                "SELECT er.arm, m.name, m.value FROM experiment_runs er JOIN runs r ON r.id = er.run_id "
                "JOIN run_metrics m ON m.run_id = er.run_id WHERE er.experiment_id = ? AND r.status = 'completed' "
                f"AND m.name IN ({','.join('?' * len(names))})", (row[0],) + names):
            out[arm][name].append(value)
    return {arm: {name: statistics.mean(v) for name, v in metrics.items()} for arm, metrics in out.items()}

def means(per_seed, seeds):
    acc = defaultdict(list)
    for s in seeds:
        for f, v in per_seed[s].items():
            acc[f].append(v)
    return {f: statistics.mean(v) for f, v in acc.items()}

def ratio_summary(a, b, functions, rng, replicates=10000):
    """median over functions of mean_a / mean_b, with a paired seed bootstrap CI, and the per-function ratios."""
    seeds = sorted(set(a) & set(b))
    ma, mb = means(a, seeds), means(b, seeds)
    per = {f: ma[f] / mb[f] for f in functions if f in ma and f in mb and mb[f] > 0}
    point = statistics.median(per.values())
    boots = []
    for _ in range(replicates):
        draw = [rng.choice(seeds) for _ in seeds]
        ra, rb = means(a, draw), means(b, draw)
        boots.append(statistics.median([ra[f] / rb[f] for f in per if rb[f] > 0]))
    boots.sort()
    return point, boots[int(0.025 * replicates)], boots[int(0.975 * replicates) - 1], per, ma, mb

def converge(xs, start=0, window=20, tol=0.02):
    tail = xs[start:]
    for end in range(2 * window, len(tail) + 1):
        a = statistics.mean(tail[end - 2 * window:end - window]); b = statistics.mean(tail[end - window:end])
        if abs(b - a) < tol * abs(a):
            return start + end
    return None

def curves(path):
    team = defaultdict(dict)
    for row in csv.DictReader(open(path)):
        if row['agent'] == '':
            team[row['arm']][int(row['episode'])] = float(row['mean_reward'])
    return {arm: [v[k] for k in sorted(v)] for arm, v in team.items()}

def log_curve(path):
    r = {}
    for line in open(path):
        m = re.search(r'episode (\d+)/\d+\s+reward \S+\s+mean (\S+)', line)
        if m:
            r[int(m.group(1))] = float(m.group(2))
    return [r[k] for k in sorted(r)]

def main():
    p = argparse.ArgumentParser()
    p.add_argument('--project', required=True)
    p.add_argument('--curves')
    p.add_argument('--churn')
    p.add_argument('--churn-no-sharing')
    p.add_argument('--every', type=int, default=200)
    p.add_argument('--study', choices=['seed', 'rollouts'], default='seed',
                   help="which files' experiments: simppo-*.yaml (seed) or simppo-rollouts-*.yaml")
    args = p.parse_args()
    prefix = 'simppo-rollouts-' if args.study == 'rollouts' else 'simppo-'
    rng = random.Random(20261125)
    db = sqlite3.connect(args.project)
    multi = runs(db, prefix + 'multitenant')
    iso = runs(db, prefix + 'isolated')
    functions = sorted({f for arm in multi.values() for s in arm.values() for f in s})
    print('arms (multi-tenant):', sorted(multi), ' (isolated):', sorted(iso))
    print('functions:', ', '.join(functions))
    if 's-rl-alone' in iso:
        base = iso['s-rl-alone']
        print('\nper-function mean p99 (ms) over seeds; baseline = s-rl-alone serving alone (isolated)')
        cols = [('iso', 's-rl-alone', iso), ('iso', 'ensure', iso)] + [('multi', a, multi) for a in
                ['static', 'ensure', 's-rl-alone', 's-rl', 'il-rl', 'cpq-rl', 'simppo-all', 'simppo'] if a in multi]
        print('| function | ' + ' | '.join(f'{a} ({w})' for w, a, _ in cols) + ' |')
        print('|' + ' --- |' * (len(cols) + 1))
        m = {(w, a): means(src[a], sorted(src[a])) for w, a, src in cols if a in src}
        for f in functions:
            print(f'| {f} | ' + ' | '.join(f'{m[(w, a)].get(f, float("nan")):.0f}' for w, a, _ in cols if (w, a) in m) + ' |')
        print('\nmedian over functions of the per-function p99 ratio [95% seed bootstrap CI]')
        pairs = [('simppo (multi) / s-rl-alone (iso): degradation vs the baseline', multi.get('simppo'), base),
                 ('simppo-all (multi) / s-rl-alone (iso)', multi.get('simppo-all'), base),
                 ('s-rl-alone (multi) / s-rl-alone (iso): S-RL trained alone, serving together (Fig. 4.4)', multi.get('s-rl-alone'), base),
                 ('s-rl (multi) / s-rl-alone (iso)', multi.get('s-rl'), base),
                 ('il-rl (multi) / s-rl-alone (iso) (Fig. 4.7)', multi.get('il-rl'), base),
                 ('cpq-rl (multi) / s-rl-alone (iso) (Fig. 4.7)', multi.get('cpq-rl'), base),
                 ('ensure (multi) / s-rl-alone (iso)', multi.get('ensure'), base),
                 ('ensure (iso) / s-rl-alone (iso) (Fig. 4.4)', iso.get('ensure'), base),
                 ('s-rl-alone (multi) / simppo (multi): SIMPPO improvement over S-RL in multi-tenant', multi.get('s-rl-alone'), multi.get('simppo')),
                 ('s-rl (multi) / simppo (multi)', multi.get('s-rl'), multi.get('simppo')),
                 ('simppo-all (multi) / simppo (multi)', multi.get('simppo-all'), multi.get('simppo'))]
        for label, a, b in pairs:
            if not a or not b:
                continue
            point, lo, hi, per, _, _ = ratio_summary(a, b, functions, rng)
            spread = ', '.join(f'{f} {r:.2f}' for f, r in sorted(per.items(), key=lambda x: x[1]))
            print(f'- {label}: {point:.2f} [{lo:.2f}, {hi:.2f}]; min {min(per.values()):.2f}, max {max(per.values()):.2f}')
            print(f'    per function: {spread}')
    for label, experiment in [('multi-tenant', prefix + 'multitenant'), ('alone', prefix + 'isolated')]:
        table = platform(db, experiment)
        if not table:
            continue
        arms = [a for a in ['static', 'ensure', 's-rl-alone', 's-rl', 'il-rl', 'cpq-rl', 'simppo-all', 'simppo'] if a in table]
        print(f'\nwhole platform, {label} ({experiment}), mean over seeds')
        print('| measure | ' + ' | '.join(arms) + ' |')
        print('|' + ' --- |' * (len(arms) + 1))
        for title, name, fmt in PLATFORM:
            print(f'| {title} | ' + ' | '.join(fmt.format(table[a][name]) if name in table[a] else '–' for a in arms) + ' |')
    if args.curves:
        c = curves(args.curves)
        print('\ntraining curves (team mean reward per step), mean of 50-episode blocks; convergence (2 %, 20-episode windows)')
        for arm, xs in c.items():
            blocks = ' '.join(f'{statistics.mean(xs[i:i + 50]):.3f}' for i in range(0, len(xs), 50))
            print(f'- {arm}: {blocks}; last 50: {statistics.mean(xs[-50:]):.3f}; converged at episode {converge(xs)}')
        if 's-rl' in c and 's-rl-alone' in c:
            a, m = statistics.mean(c['s-rl-alone'][-50:]), statistics.mean(c['s-rl'][-50:])
            print(f'  S-RL trained together vs alone, last 50 episodes: {m:.3f} vs {a:.3f} ({100 * (a - m) / a:.1f} % lower)')
    seeds_multi = runs(db, prefix + 'training-seeds')
    seeds_iso = runs(db, prefix + 'training-seeds-isolated')
    for seed in sorted({int(a.rsplit('-', 1)[1]) for a in seeds_multi if a.startswith('simppo-')}):
        alone, simppo, base = seeds_multi.get(f's-rl-alone-{seed}'), seeds_multi.get(f'simppo-{seed}'), seeds_iso.get(f's-rl-alone-{seed}')
        fs = sorted({f for arm in seeds_multi.values() for s in arm.values() for f in s})
        print(f'\ntraining seed {seed} (simppo-training-seeds*.yaml): median over functions [95% seed bootstrap CI]')
        for label, a, b in [('s-rl-alone (multi) / simppo (multi): SIMPPO improvement over S-RL in multi-tenant', alone, simppo),
                            ('simppo (multi) / s-rl-alone (iso): degradation vs the baseline', simppo, base),
                            ('s-rl-alone (multi) / s-rl-alone (iso): S-RL trained alone, serving together', alone, base)]:
            if a and b:
                point, lo, hi, per, _, _ = ratio_summary(a, b, fs, rng)
                print(f'- {label}: {point:.2f} [{lo:.2f}, {hi:.2f}]; min {min(per.values()):.2f}, max {max(per.values()):.2f}')
    for label, path in [('with parameter sharing', args.churn), ('without parameter sharing', args.churn_no_sharing)]:
        if not path:
            continue
        xs = log_curve(path)
        print(f'\nchurn, {label}: {len(xs)} episodes; from scratch converged at {converge(xs)}')
        for k, at in enumerate(range(args.every, len(xs), args.every)):
            before = statistics.mean(xs[at - 20:at]); first = xs[at]
            c = converge(xs, at)
            print(f'  change {k + 1} before episode {at + 1}: reward {before:.3f} (mean of 20) -> {first:.3f}, '
                  f'drop {100 * (before - first) / before:.1f} %, retrained (2 % rule) after {None if c is None else c - at} episodes')

if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""HetSev Fig. 6 (seed 002 §6.2; issue 17 item 4): scaling under a fluctuating load, per 5 s.

  tools/studies/hetsev_fig6.py --project fig6.orrery [--every 60] [--csv DIR]

For the newest completed run of hetsev-fig6 (hetsev) and hetsev-fig6-kube (kube) in the project,
one row per control period (5 s; the table prints every --every seconds, the CSV every row):
  arrivals/s per model: reconstructed from the scenario stored with the run (its `rate` and
    `trace` per model) and the Azure trace CSV, exactly as the simulator replays it (row times
    relative to the first, × recorded rate / rate, repeating every (span + mean gap) × scale);
  replicas per model (and per model@type): +1 at each serving.placement "<model>@<device>"
    annotation (launch, so launching replicas count), -1 at each serving.retire;
  replicas per GPU type: the sum of serving.<device>.replicas series over the devices of that type
    (replicas holding the GPU's memory, so a retiring replica counts until it drains); the type is
    the device's pool's GPU model in the stored scenario;
  SLO violation: 1 - serving.slo_attainment of the period (blank when nothing finished).
A CSV per run is written to DIR (default: next to the project file). The closing lines give the
run's serving.slo_attainment metric (requests), the mean per-period violation and cost.
"""
import argparse, bisect, csv, datetime, math, os, sqlite3, struct
from collections import defaultdict

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TRACES = {'azure-conv': 'AzureLLMInferenceTrace_conv.csv', 'azure-code': 'AzureLLMInferenceTrace_code.csv'}


def series(db, run, name):
    out = []
    for (blob,) in db.execute("SELECT c.data FROM series s JOIN series_chunks c ON c.series_id = s.id "
                              "WHERE s.run_id = ? AND s.name = ? ORDER BY c.chunk_index", (run, name)):
        out += [struct.unpack_from('<qd', blob, i) for i in range(0, len(blob), 16)]
    return out


def rate_of(text):
    v = str(text).strip().removesuffix('/s')
    return float(v)


def arrivals(model, horizon_s, window):
    """Arrivals per window of a traced model, as ModelServingPlatform::nextArrival replays them."""
    rows = [datetime.datetime.fromisoformat(r['TIMESTAMP'][:26]).timestamp()
            for r in csv.DictReader(open(os.path.join(ROOT, 'resources/data/azure-llm', TRACES[model['trace']])))]
    span = rows[-1] - rows[0]
    gap = span / (len(rows) - 1)
    scale = (1.0 / gap) / rate_of(model['rate']) if 'rate' in model else 1.0
    counts = defaultdict(int)
    offset = 0.0
    while offset < horizon_s:
        for t in rows:
            at = offset + (t - rows[0]) * scale
            if at >= horizon_s:
                break
            counts[int(at // window)] += 1
        offset += (span + gap) * scale
    return counts


def newest(db, name):
    row = db.execute("SELECT r.id, r.horizon_ns, s.source_text FROM runs r JOIN scenarios s ON s.id = r.scenario_id "
                     "WHERE s.name = ? AND r.status = 'completed' ORDER BY r.id DESC LIMIT 1", (name,)).fetchone()
    return row


def table(db, arm, name, every, csv_dir):
    found = newest(db, name)
    if not found:
        print(f'{arm}: no completed run of {name}')
        return
    run, horizon_ns, source = found
    spec = yaml.safe_load(source)['spec']
    wl = [w for w in spec['workloads'] if w.get('kind') == 'model-serving'][0]
    period = 5.0
    cp = str(wl.get('controlPeriod', '5s'))
    if cp.endswith('ms'):
        period = float(cp[:-2]) / 1000
    elif cp.endswith('s'):
        period = float(cp[:-1])
    horizon = horizon_ns / 1e9
    nwin = int(round(horizon / period))
    models = [m['model'] for m in wl['models']]
    arr = {m['model']: arrivals(m, horizon, period) for m in wl['models'] if m.get('arrivals') == 'trace'}
    pool_type = {p['name']: p['devices'][0]['model'] for p in spec['cluster']['pools']}
    types = sorted(set(pool_type.values()))

    def dev_type(dev):
        return pool_type.get(dev.rsplit('-', 1)[0], '?')
    # replicas per model (and model@type) from the annotations
    events = defaultdict(list)
    for start, kind, target in db.execute("SELECT start_ns, kind, target FROM run_annotations WHERE run_id = ? AND "
                                          "kind IN ('serving.placement', 'serving.retire') ORDER BY start_ns", (run,)):
        model, dev = target.split('@', 1)
        d = 1 if kind == 'serving.placement' else -1
        events[model].append((start / 1e9, d))
        events[f'{model}@{dev_type(dev)}'].append((start / 1e9, d))

    def count_at(key, t):
        return sum(d for s, d in events.get(key, []) if s <= t + 1e-9)
    # replicas per type from the device series
    per_type = defaultdict(lambda: defaultdict(float))
    for (sname,) in db.execute("SELECT name FROM series WHERE run_id = ? AND name LIKE 'serving.%.replicas'", (run,)):
        dev = sname[len('serving.'):-len('.replicas')]
        for t, v in series(db, run, sname):
            per_type[dev_type(dev)][round(t / 1e9 / period)] += v
    slo = {round(t / 1e9 / period): v for t, v in series(db, run, 'serving.slo_attainment')}
    total = {round(t / 1e9 / period): v for t, v in series(db, run, 'serving.replicas')}
    head = (['t_s'] + [f'arr/s {m}' for m in models if m in arr] + [f'rep {m}' for m in models]
            + [f'rep {m}@{ty}' for m in models for ty in types] + [f'rep {ty}' for ty in types]
            + ['rep total', 'SLO viol.'])
    rows = []
    for k in range(1, nwin + 1):
        t = k * period
        viol = '' if k not in slo or math.isnan(slo[k]) else f'{1 - slo[k]:.3f}'
        rows.append([f'{t:.0f}'] + [f'{arr[m].get(k - 1, 0) / period:.1f}' for m in models if m in arr]
                    + [str(count_at(m, t)) for m in models] + [str(count_at(f'{m}@{ty}', t)) for m in models for ty in types]
                    + [f'{per_type[ty].get(k, 0):.0f}' for ty in types]
                    + [f'{total.get(k, float("nan")):.0f}', viol])
    path = os.path.join(csv_dir, f'{name}-run{run}.csv')
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(head)
        w.writerows(rows)
    short = [i for i, h in enumerate(head) if '@' not in h]
    print(f'### {arm} ({name}, run {run}; every {every:g} s of {period:g} s windows; full CSV: {path})\n')
    print('| ' + ' | '.join(head[i] for i in short) + ' |')
    print('|' + ' --- |' * len(short))
    step = max(1, int(round(every / period)))
    for r in rows[step - 1::step]:
        print('| ' + ' | '.join(r[i] for i in short) + ' |')
    metrics = dict(db.execute("SELECT name, value FROM run_metrics WHERE run_id = ?", (run,)))
    viols = [1 - v for v in slo.values() if not math.isnan(v)]
    print(f'\nrequests violating the SLO: {1 - metrics.get("serving.slo_attainment", float("nan")):.4f}; '
          f'mean per-5 s violation {sum(viols) / len(viols):.4f}; windows with violation > 0.04: '
          f'{sum(v > 0.04 for v in viols)} of {len(viols)}; replicas mean {metrics.get("serving.replicas.mean", float("nan")):.1f}, '
          f'scale-outs {metrics.get("serving.scale_outs", float("nan")):.0f}, scale-ins {metrics.get("serving.scale_ins", float("nan")):.0f}, '
          f'launch failures {metrics.get("serving.launch_failures", float("nan")):.0f}; cost {metrics.get("serving.cost", float("nan")):.3f}\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--project', required=True)
    ap.add_argument('--every', type=float, default=60.0, help='print a row every this many seconds (CSV: every window)')
    ap.add_argument('--csv', default=None, help='folder of the CSVs (default: the project file\'s)')
    a = ap.parse_args()
    db = sqlite3.connect(a.project)
    csv_dir = a.csv or os.path.dirname(os.path.abspath(a.project))
    for arm, name in (('hetsev', 'hetsev-fig6'), ('kube', 'hetsev-fig6-kube'), ('hetsev, interference: none', 'hetsev-fig6-none')):
        # hetsev-fig6-none is an ablation (the scenario with the scaler's interference: none), run only when asked.
        if db.execute("SELECT 1 FROM runs r JOIN scenarios s ON s.id = r.scenario_id WHERE s.name = ?", (name,)).fetchone():
            table(db, arm, name, a.every, csv_dir)


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""FIRM mitigation re-trained with the learning core (issue 32 item 6; docs/reproduction.md,
"FIRM mitigation, wave 3"). Every parameter is fixed below and was committed before the runs.

  tools/studies/firm_wave3.py OUT_DIR train        # 9 trainings, 2 at a time
  tools/studies/firm_wave3.py OUT_DIR experiment   # firm-mitigation.yaml on each project, and without a model
  tools/studies/firm_wave3.py OUT_DIR summary      # the tables, from what the projects stored
  tools/studies/firm_wave3.py OUT_DIR train --study wave4   # likewise for the wave-4 (5, 6, 7) arms (below)

Arms: the seed's DDPG with the application-wide reward (the wave-2 configuration, same budget and
protocol), the learning core's TD3 with the application-wide reward, and TD3 with the seed's
per-culprit reward (seed 001 ch. 3: each target's own r = a*SM*|R| + (1-a)*sum RU/RLT). Training
seeds 1, 2, 3; 400 episodes of 300 steps on Train-Ticket under the random anomaly campaign;
a deterministic evaluation every 40 episodes on 5 held-out episodes (seeds 1,000,000-1,000,004)
beside no-control, hold-at-base and random; the best-evaluated model is the one the experiment uses.

Wave 4 (docs/reproduction.md, "FIRM wave 4: a range that reaches demand"): the two TD3 arms again,
everything else unchanged, with the action range's floor at 1/100 of the base limit instead of
1/4 (minFraction=0.01). Seed 001 §3.2.4 bounds RLT_i by an actuator floor near zero ("the CPU
time limit cannot be set to 0"), while 1/4 of the base stays above the model's default demand
for memory bandwidth, disk and network at every load, so lowering those limits never throttled.

Wave 5 (docs/reproduction.md, "FIRM wave 5: a floor per resource"): the same two arms with one
floor per resource (WAVE5_FLOORS), each below what a lightly loaded service demands of it.

Wave 6 ("FIRM wave 6: utilisation that pays only while the SLO holds"): wave 5's arms and floors
with rewardGate=slo, the utilisation term multiplied by SLO maintenance.

Wave 7 ("FIRM wave 7: a pull towards the base where the critic is flat"): wave 4's application-wide
arm with preTanhPenalty=0.001 (issue 32's optional penalty on pre-tanh actor outputs).
"""
import json, os, random, sqlite3, statistics, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORRERY = os.environ.get("ORRERY", os.path.join(ROOT, "build", "bin", "orrery"))
SCENARIO = os.path.join(ROOT, "resources", "scenarios", "trainticket-firm.yaml")
EXPERIMENT = os.path.join(ROOT, "resources", "experiments", "firm-mitigation.yaml")
EPISODES, STEPS, EVAL_EVERY, EVAL_EPISODES = 400, 300, 40, 5
SEEDS = [1, 2, 3]
# Wave 5's floors, one per resource: half of what a service demands of each at 0.1 busy cores,
# relative to its base limit (docs/model.md "Contention" defaults: 0.1 cores of 1, 0.05 of 2 GB/s,
# 0.1 of 2 ways, 0.1 of 50 MB/s, 0.4 of 125 MB/s), rounded down to 1, 2 or 5 x 10^k.
WAVE5_FLOORS = "minFraction=0.05,minFractions=memory-bandwidth=0.01;llc=0.02;disk-io=0.001;network=0.001"
STUDIES = {
    "wave3": {
        "seed-ddpg/environment": "learner=seed-ddpg,reward=environment",
        "td3/environment": "learner=td3,reward=environment,warmupSteps=3000",
        "td3/firm": "learner=td3,reward=firm,warmupSteps=3000",
    },
    "wave4": {
        "td3-floor/environment": "learner=td3,reward=environment,warmupSteps=3000,minFraction=0.01",
        "td3-floor/firm": "learner=td3,reward=firm,warmupSteps=3000,minFraction=0.01",
    },
    "wave5": {
        "td3-floors/environment": "learner=td3,reward=environment,warmupSteps=3000," + WAVE5_FLOORS,
        "td3-floors/firm": "learner=td3,reward=firm,warmupSteps=3000," + WAVE5_FLOORS,
    },
    "wave7": {
        "td3-floor-penalty/environment": "learner=td3,reward=environment,warmupSteps=3000,minFraction=0.01,preTanhPenalty=0.001",
    },
    "wave6": {
        "td3-gated/environment": "learner=td3,reward=environment,rewardGate=slo,warmupSteps=3000," + WAVE5_FLOORS,
        "td3-gated/firm": "learner=td3,reward=firm,rewardGate=slo,warmupSteps=3000," + WAVE5_FLOORS,
    },
}
ARMS = STUDIES["wave3"]
METRICS = ["ms.latency.p99", "ms.slo_violations", "ms.slo_violation_rate", "control.requested_cpu", "ms.dropped",
           "control.mitigation_time", "control.actions_applied"]
DIMENSIONS = ["cpu", "memory-bandwidth", "llc", "disk-io", "network"]


def project(out, arm, seed):
    return os.path.join(out, arm.replace("/", "-") + f"-s{seed}.orrery")


def train(out, arm, seed):
    path = project(out, arm, seed)
    log = path.replace(".orrery", ".log")
    if os.path.exists(path):
        return f"{path}: exists, skipped"
    cmd = [ORRERY, "train", "firm", "--scenario", SCENARIO, "--project", path, "--episodes", str(EPISODES),
           "--steps", str(STEPS), "--seed", str(seed), "--eval-every", str(EVAL_EVERY), "--eval-episodes",
           str(EVAL_EPISODES), "--params", ARMS[arm], "--quiet"]
    with open(log, "w") as sink:
        code = subprocess.run(cmd, stdout=sink, stderr=subprocess.STDOUT).returncode
    return f"{path}: exit {code}"


def experiment(out, path):
    log = path.replace(".orrery", "-experiment.log")
    with open(log, "w") as sink:
        code = subprocess.run([ORRERY, "experiment", EXPERIMENT, "--project", path, "--jobs", "1"],
                              stdout=sink, stderr=subprocess.STDOUT).returncode
    return f"{path}: experiment exit {code}"


def models(path):
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, metrics, report FROM models ORDER BY id").fetchall()
    return [(i, dict(json.loads(m)) if m.startswith("{") else {k: v for k, v in json.loads(m)}, r) for i, m, r in rows]


def metric_map(raw):
    return raw if isinstance(raw, dict) else dict(raw)


def final_model(path):
    for i, metrics, report in models(path):
        if "episodes" in metrics and "evaluation.final_return" in metrics:
            return i, metrics
    return None, {}


def runs(path, arm_name):
    db = sqlite3.connect(path)
    row = db.execute("SELECT id FROM experiments WHERE name = 'firm-mitigation' ORDER BY id DESC LIMIT 1").fetchone()
    if not row:
        return {}
    out = {}
    for seed, name, value in db.execute(
            "SELECT er.seed, m.name, m.value FROM experiment_runs er JOIN run_metrics m ON m.run_id = er.run_id "
            "WHERE er.experiment_id = ? AND er.arm = ?", (row[0], arm_name)):
        out.setdefault(seed, {})[name] = value
    return out


def bootstrap(values, replicates=10000, seed=1):
    rng = random.Random(seed)
    means = sorted(statistics.mean(rng.choice(values) for _ in values) for _ in range(replicates))
    return statistics.mean(values), means[int(0.025 * replicates)], means[int(0.975 * replicates) - 1]


def trained(out):
    """(arm, seed, final model's metrics) for every training of the study that finished."""
    for arm in ARMS:
        for seed in SEEDS:
            path = project(out, arm, seed)
            if os.path.exists(path):
                _, m = final_model(path)
                if m:
                    yield arm, seed, m


def evaluation_table(out, title, key, per):
    """The evaluation curve of every training, metric `key` (reward_per_step or return) / `per`,
    beside the selected checkpoint's return / STEPS and the references."""
    print(title)
    header = "| arm | seed | " + " | ".join(str(e) for e in range(EVAL_EVERY, EPISODES + 1, EVAL_EVERY)) + \
        " | best (episode) | no-control | hold-at-base | random |"
    print(header)
    print("|" + " --- |" * (header.count("|") - 1))
    for arm, seed, m in trained(out):
        curve = [m.get(f"evaluation.{key}.{e}") for e in range(EVAL_EVERY, EPISODES + 1, EVAL_EVERY)]
        cells = " | ".join("—" if v is None else f"{v / per:.3f}" for v in curve)
        references = " | ".join(f"{m[f'reference.{name}.{key}'] / per:.3f}" for name in ("no-control", "hold-at-base", "random"))
        print(f"| {arm} | {seed} | {cells} | {m['evaluation.best_return'] / STEPS:.3f} "
              f"({int(m['evaluation.best_episode'])}) | {references} |")


def summary(out):
    evaluation_table(out, "## Evaluation on 5 held-out Train-Ticket episodes (mean reward per step)\n",
                     "reward_per_step", 1)
    # Reward per step counts the steps an episode ran; an episode that ends early on drops loses
    # the rest of its return, which only the return shows (and the selection uses).
    evaluation_table(out, "\n## Evaluation as mean return / %d (what the selection compares; early ends count)\n" % STEPS,
                     "return", STEPS)
    print("\n## Actor saturation: share of the batch's policy actions within 5 % of a bound, last 40 episodes\n")
    print("| arm | seed | " + " | ".join(DIMENSIONS) + " |")
    print("|" + " --- |" * (len(DIMENSIONS) + 2))
    for arm, seed, m in trained(out):
        cells = [m.get(f"update.at_bound.{d}.{EPISODES}") for d in DIMENSIONS]
        print(f"| {arm} | {seed} | " + " | ".join("—" if v is None else f"{v:.2f}" for v in cells) + " |")
    print("\n## Social Network (firm-mitigation.yaml, seeds 1-3): means over training seeds, 95 % bootstrap CI\n")
    print("| arm | " + " | ".join(METRICS) + " |")
    print("|" + " --- |" * (len(METRICS) + 1))
    reference = os.path.join(out, "no-model.orrery")
    rows = {"no control": [runs(reference, "firm")], "kube-hpa": [runs(reference, "kube-hpa")],
            "aimd": [runs(reference, "aimd")]}
    for arm in ARMS:
        rows[arm] = [runs(project(out, arm, seed), "firm") for seed in SEEDS if os.path.exists(project(out, arm, seed))]
    for name, per_project in rows.items():
        cells = []
        for metric in METRICS:
            values = [statistics.mean(r[s][metric] for s in r if metric in r[s]) for r in per_project if r]
            if not values:
                cells.append("—")
            elif len(values) == 1:
                cells.append(f"{values[0]:.4g}")
            else:
                mean, low, high = bootstrap(values)
                cells.append(f"{mean:.4g} [{low:.4g}, {high:.4g}]")
        print(f"| {name} | " + " | ".join(cells) + " |")


def main():
    global ARMS
    args = sys.argv[1:]
    if len(args) == 4 and args[2] == "--study" and args[3] in STUDIES:
        ARMS = STUDIES[args[3]]
        args = args[:2]
    if len(args) != 2 or args[1] not in ("train", "experiment", "summary"):
        sys.exit(__doc__)
    sys.argv[1:] = args
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    if sys.argv[2] == "train":
        jobs = [(arm, seed) for seed in SEEDS for arm in ARMS]
        with ThreadPoolExecutor(2) as pool:
            for line in pool.map(lambda job: train(out, *job), jobs):
                print(line, flush=True)
    elif sys.argv[2] == "experiment":
        paths = [project(out, arm, seed) for seed in SEEDS for arm in ARMS if os.path.exists(project(out, arm, seed))]
        paths.append(os.path.join(out, "no-model.orrery"))
        with ThreadPoolExecutor(2) as pool:
            for line in pool.map(lambda path: experiment(out, path), paths):
                print(line, flush=True)
    else:
        summary(out)


if __name__ == "__main__":
    main()
